/* replay_tags.c - checks of the tag section against the PGN export format. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>
#include "base/compiler.h"
#include "base/clear_record.h"
#include "replay/diag.h"
#include "pgn/export_format.h"
#include "pgn/pgn_reader.h"
#include "replay/replay_internal.h"
#include "replay/tagcheck.h"
#include "base/banned.h"

/* The reader's id of each known name. */
static const uint8_t id_of_known[KT_COUNT] = {
    [KT_EVENT] = GAME_TAG_EVENT,     [KT_SITE] = GAME_TAG_SITE,
    [KT_DATE] = GAME_TAG_DATE,       [KT_ROUND] = GAME_TAG_ROUND,
    [KT_WHITE] = GAME_TAG_WHITE,     [KT_BLACK] = GAME_TAG_BLACK,
    [KT_RESULT] = GAME_TAG_RESULT,   [KT_FEN] = GAME_TAG_FEN,
    [KT_SETUP] = GAME_TAG_SETUP,     [KT_VARIANT] = GAME_TAG_VARIANT,
    [KT_TERMINATION] = GAME_TAG_TERMINATION,
    [KT_WHITE_ELO] = GAME_TAG_WHITE_ELO, [KT_BLACK_ELO] = GAME_TAG_BLACK_ELO,
};

/* The known tag of each reader id, KT_COUNT for the ids replay does not look at. */
static uint8_t known_of_id[GAME_TAG_COUNT];

void replay_tags_init(void)
{
    memset(known_of_id, KT_COUNT, sizeof known_of_id);
    for (int j = 0; j < KT_COUNT; j++)
        known_of_id[id_of_known[j]] = (uint8_t)j;
}

/* The known tag a name is, KT_COUNT when none: by its id, looked up when no reader set one. */
static int known_tag(const struct game_tag *t)
{
    unsigned id = t->id != GAME_TAG_UNSET ? t->id : pgn_tag_id(t->name, t->name_len);
    return id < GAME_TAG_COUNT ? known_of_id[id] : KT_COUNT;
}

/*
 * A bit of 64 for the duplicate scan: its own bit for a name the reader
 * gave an id, a bit by length and first and last bytes for any other name
 * (the tags of one game come from one maker, so one name never arrives
 * both ways). Only a tag whose bit is already set may repeat a name.
 */
_Static_assert(GAME_TAG_COUNT < 48, "the common tag ids and 16 hash bits fit 64 bits");
static int has_common_id(const struct game_tag *t)
{
    return t->id - (GAME_TAG_OTHER + 1u) < GAME_TAG_COUNT - (GAME_TAG_OTHER + 1u);
}

static unsigned seen_bit(const struct game_tag *t)
{
    if (has_common_id(t))
        return t->id;
    const unsigned char *n = (const unsigned char *)t->name;
    return 48 + ((t->name_len * 7u + n[0] + n[t->name_len ? t->name_len - 1 : 0] * 3u) & 15);
}

/*
 * Nearly every tag has a common id (the reader's): then its known tag and
 * its bit come from the id alone. Unknown tags go to the spare slot
 * k->tag[KT_COUNT], which nothing reads: a store instead of a test.
 */
void replay_index_tags(const struct game *g, struct known_tags *k)
{
    uint64_t seen = 0, again = 0;
    clear_record(k, sizeof *k);
    /* In locals: the stores into k might change them, for all the compiler knows. */
    const struct game_tag *const tags = g->tags;
    const uint32_t ntags = g->ntags;
    for (uint32_t i = 0; i < ntags; i++) {
        const struct game_tag *t = &tags[i];
        int j;
        unsigned bit;
        if (has_common_id(t)) {
            j = known_of_id[t->id];
            bit = t->id;
        } else {
            j = known_tag(t);
            bit = seen_bit(t);
        }
        if (!k->tag[j])
            k->tag[j] = t;
        again |= seen & (1ULL << bit);
        seen |= 1ULL << bit;
    }
    k->maybe_duplicate = again != 0;
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
                                  pgn_roster[i]);
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

/* The known tags whose values have a form, and the check of each. */
static const struct {
    uint8_t known;
    int code;
    value_check check;
} value_checks[] = {
    { KT_DATE, D_BAD_DATE, tagcheck_date },
    { KT_ROUND, D_BAD_ROUND, tagcheck_round },
    { KT_WHITE_ELO, D_BAD_ELO, tagcheck_elo },
    { KT_BLACK_ELO, D_BAD_ELO, tagcheck_elo },
};
enum { VALUE_CHECKS = sizeof value_checks / sizeof value_checks[0] };

/* Value check c of tag t. */
static void check_value(struct replay *r, const struct game *g, const struct game_tag *t, int c)
{
    const char *why = value_checks[c].check(t->value, t->value_len);
    if (why)
        replay_add(r, value_checks[c].code, t->line, t->col, g->offset + t->off,
                   "%s \"%s\": %s", t->name, t->value, why);
}

/*
 * The checks of every tag in turn: its value if it is the first of a name
 * checked (the one k holds), then whether it repeats an earlier name. The
 * order the diagnostics were found in is the order of the tags, which
 * sorting by offset keeps where tags share one (tags made without
 * positions, all at offset 0). Out of line: check_values() does the
 * common case.
 */
static COLD void check_tags_in_order(struct replay *r,
                                     const struct game *g,
                                     const struct known_tags *k)
{
    uint64_t seen = 0;
    for (uint32_t i = 0; i < g->ntags; i++) {
        const struct game_tag *t = &g->tags[i];
        for (int c = 0; c < VALUE_CHECKS; c++)
            if (t == k->tag[value_checks[c].known])
                check_value(r, g, t, c);
        /* Tag sections are short: a quadratic scan is cheaper than a hash
         * table, and only a tag whose bit is already set can have been seen
         * before. */
        uint64_t bit = 1ULL << seen_bit(t);
        int maybe_seen = (seen & bit) != 0;
        seen |= bit;
        for (uint32_t j = 0; maybe_seen && j < i; j++) {
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

/*
 * The value checks of a game without a repeated name, name by name instead
 * of tag by tag. With one diagnostic at most, the order does not matter;
 * two (rare) are taken back for check_tags_in_order(), and 0 returned.
 */
static int check_values(struct replay *r, const struct game *g, const struct known_tags *k)
{
    size_t ndiags = r->ndiags;
    int errors = r->errors, warnings = r->warnings;
    /* Unrolled, each check is a direct call: through the table's pointer
     * it would be one indirect call whose target changes at every turn. */
#pragma GCC unroll 4
    for (int c = 0; c < VALUE_CHECKS; c++)
        if (k->tag[value_checks[c].known])
            check_value(r, g, k->tag[value_checks[c].known], c);
    if (r->ndiags - ndiags <= 1)
        return 1;
    r->ndiags = ndiags;
    r->errors = errors;
    r->warnings = warnings;
    return 0;
}

/* The roster first: its diagnostics may share the offset of a tag's. */
void replay_check_tags(struct replay *r, const struct game *g, const struct known_tags *k)
{
    check_roster(r, g, k);
    if (k->maybe_duplicate || !check_values(r, g, k))
        check_tags_in_order(r, g, k);
}
