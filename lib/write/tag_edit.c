/* tag_edit.c - the tag changes convert makes to every game: set, rename, one spelling per name. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "base/error.h"
#include "pgn/tag_normalise.h"
#include "write/tag_edit.h"
#include "base/banned.h"

int tag_edits_any(const struct tag_edits *e)
{
    return e->nrenames || e->names || e->normalise || e->nsets;
}

/* The edits worked out so far, on top of the game's own tags. */
struct edit {
    const struct game *g;
    struct tag_edit_result *out;
    size_t ntags, cap_changes;
    struct arena *a;
};

/* The value of name's first tag as the edits so far leave it: NULL when there is none. */
static const char *current(const struct edit *w, const char *name)
{
    for (size_t i = w->ntags; i-- > 0;)
        if (!strcmp(w->out->tags[i].name, name))
            return w->out->tags[i].value;
    return game_tag_value(w->g, name);
}

static void push(struct edit *w, const char *name, const char *value)
{
    w->out->tags[w->ntags++] = (struct go_extra_tag){ name, value };
}

/* name's first tag becomes to (a's or the file's string), noted as a change made for why. */
static void change(struct edit *w, const char *name, const char *from, const char *to,
                   const char *why)
{
    const struct game_tag *t = game_tag(w->g, name);
    push(w, name, to);
    w->out->changes[w->out->nchanges++] = (struct tag_change){
        name, from, to, why, t ? t->line : w->g->line, t ? t->col : 0,
    };
}

static const char *const name_tags[] = { "Event", "Site", "Round", "White", "Black" };
static const char *const date_tags[] = { "Date", "EventDate", "UTCDate" };

static int normalise(struct edit *w, unsigned what)
{
    if (what & TAG_NORMALISE_DATES) {
        for (size_t k = 0; k < sizeof date_tags / sizeof *date_tags; k++) {
            const char *v = current(w, date_tags[k]);
            char date[TAG_DATE_LEN + 1];
            if (v && tag_normalise_date(v, date)) {
                char *kept = arena_memdup(w->a, date, strlen(date));
                if (!kept)
                    return w->a->err;
                change(w, date_tags[k], v, kept, "dates");
            }
        }
    }
    if (what & TAG_NORMALISE_ROUNDS) {
        const char *v = current(w, "Round");
        char round[TAG_ROUND_MAX + 1];
        if (v && tag_normalise_round(v, round)) {
            char *kept = arena_memdup(w->a, round, strlen(round));
            if (!kept)
                return w->a->err;
            change(w, "Round", v, kept, "rounds");
        }
    }
    if (what & TAG_NORMALISE_RESULTS) {
        /* The marker after the moves is the result token when the game has one
         * (game_result()): the tag is made to agree with it, else it is the tag
         * read in any spelling. */
        const char *v = current(w, "Result");
        int tag = v ? tag_normalise_result(v) : PGN_RESULT_NONE, r = tag;
        int token = w->g->result;
        if (token != PGN_RESULT_NONE && token != PGN_RESULT_UNKNOWN)
            r = token; /* what game_result() writes as the marker: the tag says the same */
        if (r != PGN_RESULT_NONE && (!v || pgn_result_of(v) != r))
            change(w, "Result", v ? v : "(none)", pgn_result_str(r),
                   tag == PGN_RESULT_NONE || tag == r ? "results"
                                                      : "results, as the result token says");
    }
    return PGN_OK;
}

int tag_edits_apply(const struct tag_edits *e, const struct game *g, struct arena *a,
                    struct tag_edit_result *out)
{
    enum { NAMED = sizeof name_tags / sizeof *name_tags, DATED = sizeof date_tags / sizeof *date_tags };
    size_t cap = 2 * e->nrenames + e->nsets + NAMED + DATED + 2;
    memset(out, 0, sizeof *out);
    out->tags = arena_alloc(a, cap * sizeof *out->tags);
    out->changes = arena_alloc(a, (NAMED + DATED + 2) * sizeof *out->changes);
    if (!out->tags || !out->changes)
        return a->err;
    struct edit w = { g, out, 0, 0, a };
    for (size_t k = 0; k < e->nrenames; k++) {
        const struct tag_pair *r = &e->renames[k];
        const char *v = current(&w, r->name);
        if (!v || !strcmp(r->name, r->value))
            continue;
        push(&w, r->name, NULL);
        push(&w, r->value, v);
    }
    for (size_t k = 0; e->names && k < NAMED; k++) {
        const char *v = current(&w, name_tags[k]);
        const char *to = v ? spelling_canonical(e->names, spelling_kind_of_tag(name_tags[k]), v,
                                                 strlen(v))
                           : NULL;
        if (to && strcmp(to, v))
            change(&w, name_tags[k], v, to, "names");
    }
    int rc = normalise(&w, e->normalise);
    if (rc)
        return rc;
    for (size_t k = 0; k < e->nsets; k++)
        push(&w, e->sets[k].name, e->sets[k].value);
    out->extra.tags = out->tags;
    out->extra.ntags = w.ntags;
    return PGN_OK;
}
