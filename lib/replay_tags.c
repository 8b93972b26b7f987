/* replay_tags.c - checks of the tag section against the PGN export format. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>
#include "diag.h"
#include "replay_internal.h"
#include "tagcheck.h"
#include "banned.h"

void replay_index_tags(const struct game *g, struct known_tags *k)
{
    static const char *const names[KT_COUNT] = {
        "Event", "Site", "Date", "Round", "White", "Black", "Result",
        "FEN", "SetUp", "Variant", "Termination", "WhiteElo", "BlackElo",
    };
    static uint8_t lens[KT_COUNT];
    if (!lens[0])
        for (int i = 0; i < KT_COUNT; i++)
            lens[i] = (uint8_t)strlen(names[i]);
    memset(k, 0, sizeof *k);
    for (uint32_t i = 0; i < g->ntags; i++) {
        const struct game_tag *t = &g->tags[i];
        for (int j = 0; j < KT_COUNT; j++) {
            if (t->name_len == lens[j] && t->name[0] == names[j][0] && !k->tag[j]
                && !memcmp(t->name, names[j], lens[j])) {
                k->tag[j] = t;
                break;
            }
        }
    }
}

static void check_roster(struct replay *r, const struct game *g, const struct known_tags *k)
{
    char missing[80] = "";
    size_t n = 0;
    int count = 0;
    for (int i = 0; i < 7; i++) {
        const struct game_tag *t = k->tag[KT_EVENT + i];
        if (!t) {
            n += (size_t)snprintf(missing + n, sizeof missing - n, "%s%s", count ? ", " : "",
                                  tag_roster[i]);
            count++;
        } else if (t->value_len == 0) {
            replay_add(r, D_EMPTY_TAG, t->line, t->col, g->offset + t->off,
                       "tag %s is empty", t->name);
        }
    }
    if (count)
        replay_add(r, D_MISSING_TAG, g->line, g->col, g->offset,
                   "missing Seven Tag Roster tag%s: %s", count > 1 ? "s" : "", missing);
}

typedef const char *(*value_check)(const char *, size_t);

static void check_value(struct replay *r, const struct game *g, const struct game_tag *t,
                        int code, value_check check)
{
    const char *why = check(t->value, t->value_len);
    if (why)
        replay_add(r, code, t->line, t->col, g->offset + t->off, "%s \"%s\": %s", t->name,
                   t->value, why);
}

void replay_check_tags(struct replay *r, const struct game *g, const struct known_tags *k)
{
    check_roster(r, g, k);
    for (uint32_t i = 0; i < g->ntags; i++) {
        const struct game_tag *t = &g->tags[i];
        if (t == k->tag[KT_DATE])
            check_value(r, g, t, D_BAD_DATE, tagcheck_date);
        else if (t == k->tag[KT_ROUND])
            check_value(r, g, t, D_BAD_ROUND, tagcheck_round);
        else if (t == k->tag[KT_WHITE_ELO] || t == k->tag[KT_BLACK_ELO])
            check_value(r, g, t, D_BAD_ELO, tagcheck_elo);
        /* Tag sections are short: a quadratic scan is cheaper than hashing. */
        for (uint32_t j = 0; j < i; j++) {
            const struct game_tag *u = &g->tags[j];
            if (u->name_len == t->name_len && u->name[0] == t->name[0]
                && !memcmp(u->name, t->name, t->name_len)) {
                replay_add(r, D_DUPLICATE_TAG, t->line, t->col, g->offset + t->off,
                           "duplicate tag %s (first at line %llu)", t->name,
                           (unsigned long long)u->line);
                break;
            }
        }
    }
}
