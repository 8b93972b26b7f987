/* api_stats.c - statistics through the public interface: count, merge, JSON. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include "api/api_internal.h"
#include "annotate/eco.h"
#include "init/lib_init.h"
#include "stats/stats_agg.h"
#include "stats/stats_json.h"
#include "stats/stats_json_merge.h"
#include "base/banned.h"

/* The public reports are the library's own: nothing translates them. */
#define SAME_REPORT(pub, internal) \
    _Static_assert((int)(pub) == (int)(internal), #pub " differs from " #internal)
SAME_REPORT(PGNKIT_STATS_SUMMARY, R_SUMMARY);
SAME_REPORT(PGNKIT_STATS_OPENINGS, R_OPENINGS);
SAME_REPORT(PGNKIT_STATS_TREE, R_TREE);
SAME_REPORT(PGNKIT_STATS_PLAYERS, R_PLAYERS);
SAME_REPORT(PGNKIT_STATS_CLOCK, R_CLOCK);
_Static_assert(R_COUNT == 5, "a report without a public PGNKIT_STATS_ name");
_Static_assert(PGNKIT_STATS_DEPTH_MAX == INDEX_TREE_DEPTH_MAX, "the deepest tree differs");

struct pgnkit_stats {
    struct stats_opts o;
    struct stats_agg a;
    struct buf text; /* the last pgnkit_stats_json() */
};

int pgnkit_stats_new(struct pgnkit_stats **out, int report, const struct pgnkit_position *root,
                     int depth)
{
    lib_init();
    *out = NULL;
    struct stats_opts o;
    int rc = stats_opts_set(&o, report, root ? &root->p : NULL, depth);
    if (rc)
        return rc;
    if (report == R_OPENINGS) {
        rc = eco_init(); /* once per process, whichever thread comes first */
        if (rc)
            return rc;
    }
    struct pgnkit_stats *s = calloc(1, sizeof *s);
    if (!s)
        return PGNKIT_ENOMEM;
    s->o = o;
    stats_agg_init(&s->a);
    buf_init(&s->text, STATS_JSON_MAX);
    *out = s;
    return PGNKIT_OK;
}

int pgnkit_stats_add(struct pgnkit_stats *s, struct pgnkit_game *g)
{
    if (g->g.flags & GAME_EMPTY)
        return PGNKIT_OK;
    /* The game's own replay, shared with every other function on g. */
    int rc = api_game_replay(g);
    return rc ? rc : stats_count_replayed(&s->o, &s->a, &g->r, &g->g);
}

int pgnkit_stats_merge(struct pgnkit_stats *dst, const struct pgnkit_stats *src)
{
    if (dst == src || !stats_opts_same(&dst->o, &src->o))
        return PGNKIT_EINVAL;
    return stats_agg_merge(&dst->a, &src->a);
}

int pgnkit_stats_merge_json(struct pgnkit_stats *s, const char *json, size_t len, char *why,
                            size_t why_cap)
{
    static const struct stats_json_names names = { "<memory>", "pgnkit_stats_json()",
                                                   "the aggregate" };
    if (!json) {
        if (why)
            api_copy_text(why, why_cap, "no text", 7);
        return PGNKIT_EINVAL;
    }
    return stats_json_merge(&s->o, &s->a, json, len, &names, 0, why, why_cap);
}

int pgnkit_stats_json(struct pgnkit_stats *s, const char **text, size_t *len)
{
    buf_reset(&s->text);
    return api_text_out(&s->text, stats_json_write(&s->o, &s->a, &s->text), text, len);
}

void pgnkit_stats_free(struct pgnkit_stats *s)
{
    if (!s)
        return;
    stats_agg_release(&s->a);
    buf_release(&s->text);
    free(s);
}
