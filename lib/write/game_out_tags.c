/* game_out_tags.c - the tags a game is written with: roster, order, removals, additions. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "write/game_out.h"
#include "write/game_out_internal.h"
#include "base/banned.h"

int go_result_of(const char *v)
{
    if (!v)
        return PGN_RESULT_NONE;
    for (int r = PGN_RESULT_WHITE; r <= PGN_RESULT_UNKNOWN; r++)
        if (!strcmp(v, pgn_result_str(r)))
            return r;
    return PGN_RESULT_NONE;
}

enum { STR_TAGS = 7, STR_RESULT = 6 };
static const char *const str_names[STR_TAGS] = {
    "Event", "Site", "Date", "Round", "White", "Black", "Result",
};
static const char *const str_defaults[STR_TAGS] = { "?", "?", "????.??.??", "?", "?", "?", "*" };

/* Index of a tag name in the Seven Tag Roster, or -1 (runs for every tag written). */
static int str_index(const char *name, size_t len)
{
    int k;
    switch (name[0]) {
    case 'E': k = 0; break;
    case 'S': k = 1; break;
    case 'D': k = 2; break;
    case 'R': k = len == 5 ? 3 : 6; break;
    case 'W': k = 4; break;
    case 'B': k = 5; break;
    default: return -1;
    }
    return len == strlen(str_names[k]) && !memcmp(name, str_names[k], len) ? k : -1;
}

static void push_tag_n(struct go_game *w, const char *name, size_t name_len, const char *value,
                       size_t value_len)
{
    struct go_tag t = { name, value, (uint32_t)name_len, (uint32_t)value_len };
    if (!w->err)
        w->err = buf_append(&w->o->scratch, &t, sizeof t);
}

static void push_tag(struct go_game *w, const char *name, const char *value)
{
    push_tag_n(w, name, strlen(name), value, strlen(value));
}


/* The first tag named name gets value, else the tag is added at the end. */
static void set_tag(struct go_game *w, const char *name, const char *value)
{
    struct go_tag *have = (struct go_tag *)w->o->scratch.data;
    size_t n = w->o->scratch.len / sizeof(struct go_tag);
    for (size_t i = 0; i < n; i++) {
        if (!strcmp(have[i].name, name)) {
            have[i].value = value;
            have[i].value_len = (uint32_t)strlen(value);
            return;
        }
    }
    push_tag(w, name, value);
}

static int name_in(const char *name, const char *const *list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(name, list[i]))
            return 1;
    return 0;
}

/* The tags the moves need: never dropped. */
static int needed_tag(const char *name)
{
    return !strcmp(name, "FEN") || !strcmp(name, "SetUp") || !strcmp(name, "Variant");
}

/* --tag-order, --tag-order-only, --drop-tag: the tags of o->scratch reordered in place. */
static void order_tags(struct go_game *w)
{
    const struct game_out_opts *o = &w->o->opts;
    struct go_tag *have = (struct go_tag *)w->o->scratch.data;
    size_t n = w->o->scratch.len / sizeof(struct go_tag), kept = 0;
    if (w->err || !n)
        return;
    /* Room for a copy after the tags: the list is short, its strings stay where they are. */
    if ((w->err = buf_reserve(&w->o->scratch, n * sizeof *have)))
        return;
    have = (struct go_tag *)w->o->scratch.data;
    struct go_tag *sorted = have + n;
    memcpy(sorted, have, n * sizeof *have);
    for (size_t k = 0; k < o->ntag_order; k++)
        for (size_t i = 0; i < n; i++)
            if (sorted[i].name && !strcmp(sorted[i].name, o->tag_order[k])) {
                have[kept++] = sorted[i];
                sorted[i].name = NULL;
            }
    for (size_t i = 0; i < n; i++) {
        if (!sorted[i].name)
            continue;
        int needed = needed_tag(sorted[i].name);
        if (!needed && name_in(sorted[i].name, o->drop_tags, o->ndrop_tags))
            continue;
        if (!needed && (o->flags & GO_TAG_ORDER_ONLY))
            continue;
        have[kept++] = sorted[i];
    }
    /* A listed tag named in drop_tags too goes as well. */
    size_t j = 0;
    for (size_t i = 0; i < kept; i++)
        if (needed_tag(have[i].name) || !name_in(have[i].name, o->drop_tags, o->ndrop_tags))
            have[j++] = have[i];
    w->o->scratch.len = j * sizeof *have;
}

void go_prepare_tags(struct go_game *w, int export, const char *fixed, int truncated)
{
    const struct game *g = w->g;
    const struct game_out_opts *o = &w->o->opts;
    buf_reset(&w->o->scratch);
    w->ntags = 0;
    if (o->strip & GO_STRIP_TAGS)
        return;
    /* The first tag of each Seven Tag Roster name, found in one pass. */
    uint32_t str_first[STR_TAGS];
    for (int k = 0; k < STR_TAGS; k++)
        str_first[k] = UINT32_MAX;
    for (uint32_t i = 0; i < g->ntags; i++) {
        int k = str_index(g->tags[i].name, g->tags[i].name_len);
        if (k >= 0 && str_first[k] == UINT32_MAX)
            str_first[k] = i;
    }
    if (export) {
        for (int k = 0; k < STR_TAGS; k++) {
            const char *v = str_first[k] == UINT32_MAX ? NULL : g->tags[str_first[k]].value;
            /* The export format wants a real result here; "1 - 0" and the like become the marker's. */
            if (k == STR_RESULT)
                v = fixed ? fixed : go_result_of(v) ? v : pgn_result_str(w->result);
            push_tag(w, str_names[k], v ? v : str_defaults[k]);
        }
    }
    for (uint32_t i = 0; i < g->ntags; i++) {
        const struct game_tag *t = &g->tags[i];
        int k = str_index(t->name, t->name_len);
        int first = k >= 0 && str_first[k] == i;
        if (export && first)
            continue;
        if ((o->flags & GO_SEVEN_TAG_ROSTER) && !first && strcmp(t->name, "FEN") &&
            strcmp(t->name, "SetUp") && strcmp(t->name, "Variant"))
            continue;
        /* The export format wants SetUp "1" with a FEN tag: added when missing. */
        if (export && !strcmp(t->name, "FEN") && !game_tag(g, "SetUp"))
            push_tag(w, "SetUp", "1");
        const char *v = t->value;
        if (first && k == STR_RESULT && fixed)
            v = fixed;
        else if (truncated && !strcmp(t->name, "PlyCount"))
            v = w->plycount;
        push_tag_n(w, t->name, t->name_len, v, strlen(v));
    }
    const struct go_extra *x = w->o->extra;
    for (size_t k = 0; x && k < x->ntags && !w->err; k++) {
        struct go_tag *have = (struct go_tag *)w->o->scratch.data;
        size_t n = w->o->scratch.len / sizeof(struct go_tag), j = 0;
        if (!x->tags[k].value) {
            /* Removal: every tag of that name goes. */
            for (size_t i = 0; i < n; i++)
                if (strcmp(have[i].name, x->tags[k].name))
                    have[j++] = have[i];
            w->o->scratch.len = j * sizeof(struct go_tag);
            continue;
        }
        while (j < n && (have[j].name[0] != x->tags[k].name[0] ||
                         strcmp(have[j].name, x->tags[k].name)))
            j++;
        if (j < n) {
            have[j].value = x->tags[k].value;
            have[j].value_len = (uint32_t)strlen(x->tags[k].value);
        } else {
            push_tag(w, x->tags[k].name, x->tags[k].value);
        }
    }
    if (w->r && w->first) {
        /* The game starts later: its new start position. */
        set_tag(w, "SetUp", "1");
        set_tag(w, "FEN", w->start_fen);
    }
    if (w->r && (o->flags & GO_TOTAL_PLY_COUNT) && w->total_plies[0])
        set_tag(w, "TotalPlyCount", w->total_plies);
    if (o->ndrop_tags || o->ntag_order || (o->flags & GO_TAG_ORDER_ONLY))
        order_tags(w);
    if (!w->err) {
        w->tags = (struct go_tag *)w->o->scratch.data;
        w->ntags = w->o->scratch.len / sizeof(struct go_tag);
    }
}

