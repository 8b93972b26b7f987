/* game_out_tags.c - the tags a game is written with: roster, order, removals, additions. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "pgn/export_format.h"
#include "write/game_out.h"
#include "write/game_out_internal.h"
#include "base/banned.h"

/* The values of missing Seven Tag Roster tags, in the order of pgn_roster[]. */
enum { STR_TAGS = PGN_ROSTER_SIZE, STR_RESULT = 6 };
static const char *const str_defaults[STR_TAGS] = { "?", "?", "????.??.??", "?", "?", "?", "*" };

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

/*
 * t[0..n) in ASCII order of their names, stable: a merge sort through
 * tmp[0..n), not quadratic in a hostile game's thousands of tags.
 */
static void sort_by_name(struct go_tag *t, struct go_tag *tmp, size_t n)
{
    struct go_tag *from = t, *to = tmp;
    for (size_t run = 1; run < n; run *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * run) {
            size_t mid = lo + run < n ? lo + run : n, hi = lo + 2 * run < n ? lo + 2 * run : n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                to[k++] = strcmp(from[j].name, from[i].name) < 0 ? from[j++] : from[i++];
            while (i < mid)
                to[k++] = from[i++];
            while (j < hi)
                to[k++] = from[j++];
        }
        struct go_tag *swap = from;
        from = to;
        to = swap;
    }
    if (from != t)
        memcpy(t, from, n * sizeof *t);
}

/*
 * Export format's order (pgn_export_tag_cmp()) for the tags of o->scratch,
 * stable so that tags of the same name keep their order. Each tag's rank
 * (its place in the roster, PGN_ROSTER_SIZE for any other) is found once,
 * from the length the tag carries; a counting sort by rank puts the roster
 * first, and only the other tags are compared, by name.
 */
static void sort_export(struct go_game *w)
{
    size_t n = w->o->scratch.len / sizeof(struct go_tag);
    if (w->err || n < 2)
        return;
    /* Room after the tags for a copy of them and their ranks. */
    if ((w->err = buf_reserve(&w->o->scratch, n * (sizeof(struct go_tag) + 1))))
        return;
    struct go_tag *a = (struct go_tag *)w->o->scratch.data, *b = a + n;
    unsigned char *rank = (unsigned char *)(b + n);
    size_t at[PGN_ROSTER_SIZE + 2] = { 0 };
    for (size_t i = 0; i < n; i++) {
        int k = pgn_roster_index(a[i].name, a[i].name_len);
        rank[i] = (unsigned char)(k == PGN_NOT_ROSTER ? PGN_ROSTER_SIZE : k);
        at[rank[i] + 1]++;
    }
    for (int k = 1; k <= PGN_ROSTER_SIZE + 1; k++)
        at[k] += at[k - 1];
    size_t others = at[PGN_ROSTER_SIZE];
    for (size_t i = 0; i < n; i++)
        b[at[rank[i]]++] = a[i];
    memcpy(a, b, n * sizeof *a);
    sort_by_name(a + others, b, n - others);
}

/* tag_order, GO_TAG_ORDER_ONLY, drop_tags: the tags of o->scratch reordered in place. */
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
        int k = pgn_roster_index(g->tags[i].name, g->tags[i].name_len);
        if (k >= 0 && str_first[k] == UINT32_MAX)
            str_first[k] = i;
    }
    if (export) {
        for (int k = 0; k < STR_TAGS; k++) {
            const char *v = str_first[k] == UINT32_MAX ? NULL : g->tags[str_first[k]].value;
            /* The export format wants a real result here; "1 - 0" and the like become the marker's. */
            if (k == STR_RESULT)
                v = fixed ? fixed : pgn_result_of(v) ? v : pgn_result_str(w->result);
            push_tag(w, pgn_roster[k], v ? v : str_defaults[k]);
        }
    }
    for (uint32_t i = 0; i < g->ntags; i++) {
        const struct game_tag *t = &g->tags[i];
        int k = pgn_roster_index(t->name, t->name_len);
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
    /* A game replayed as Chess960 for its FEN's castling rights alone: the
     * export format names the variant, which the FEN needs to be read right. */
    if (export && w->r && w->r->start.chess960 && !game_tag(g, "Variant"))
        push_tag(w, "Variant", "Chess960");
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
    if (export && x) {
        /* An addition took a roster tag away (a rename of Site to Place):
         * the export format still has it, unknown. */
        for (int k = 0; k < STR_TAGS && !w->err; k++) {
            const struct go_tag *have = (const struct go_tag *)w->o->scratch.data;
            size_t n = w->o->scratch.len / sizeof(struct go_tag), i = 0;
            while (i < n && strcmp(have[i].name, pgn_roster[k]))
                i++;
            if (i == n)
                push_tag(w, pgn_roster[k], k == STR_RESULT ? pgn_result_str(w->result)
                                                           : str_defaults[k]);
        }
    }
    if (w->r && w->first) {
        /* The game starts later: its new start position. */
        set_tag(w, "SetUp", "1");
        set_tag(w, "FEN", w->start_fen);
    }
    if (w->r && (o->flags & GO_TOTAL_PLY_COUNT) && w->total_plies[0])
        set_tag(w, "TotalPlyCount", w->total_plies);
    /* An order the user gives wins over export format's. */
    if (export && !o->ntag_order && !(o->flags & GO_TAG_ORDER_ONLY))
        sort_export(w);
    if (o->ndrop_tags || o->ntag_order || (o->flags & GO_TAG_ORDER_ONLY))
        order_tags(w);
    if (!w->err) {
        w->tags = (struct go_tag *)w->o->scratch.data;
        w->ntags = w->o->scratch.len / sizeof(struct go_tag);
    }
}

