/* api_query.c - search criteria and where expressions through the public interface. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "api/api_internal.h"
#include "init/lib_init.h"
#include "notation/notation.h"
#include "query/game_facts.h"
#include "query/search_query.h"
#include "base/banned.h"

struct pgnkit_query {
    struct search_query *criteria;
    struct search_query_opts opts; /* what criteria was built with */
    struct game_facts facts; /* what is known of the game being matched */
};

int pgnkit_query_new(struct pgnkit_query **out, unsigned flags)
{
    lib_init();
    *out = NULL;
    struct pgnkit_query *q = calloc(1, sizeof *q);
    if (!q)
        return PGNKIT_ENOMEM;
    q->opts = (struct search_query_opts){
        .flags = flags & PGNKIT_QUERY_ICASE ? SQ_ICASE : 0,
        .lang = NOTATION_AUTO,
    };
    int rc = search_query_new(&q->criteria, &q->opts);
    if (rc) {
        free(q);
        return rc;
    }
    game_facts_init(&q->facts, NOTATION_AUTO);
    *out = q;
    return PGNKIT_OK;
}

enum { NO_CRITERION = -1 };

/* The criterion called name in the criteria table, or NO_CRITERION. */
static int criterion_named(const char *name)
{
    for (int k = 0; k < SQ_CRITERION_COUNT; k++)
        if (!strcmp(search_criterion_info(k)->name, name))
            return k;
    return NO_CRITERION;
}

static int refuse(char *why, size_t why_cap, const char *reason)
{
    if (why)
        api_copy_text(why, why_cap, reason, strlen(reason));
    return PGNKIT_EINVAL;
}

int pgnkit_query_add(struct pgnkit_query *q, const char *name, const char *arg, char *why,
                     size_t why_cap)
{
    int k = name ? criterion_named(name) : NO_CRITERION;
    if (k < 0)
        return refuse(why, why_cap, "no such criterion");
    if (search_criterion_info(k)->takes_arg && !arg)
        return refuse(why, why_cap, "the criterion takes an argument");
    struct sq_error err = { 0 };
    int rc = search_query_add(q->criteria, k, arg, &err);
    if (rc == PGN_EINVAL)
        return refuse(why, why_cap, err.msg);
    return rc;
}

int api_query_match_game(struct pgnkit_query *q, struct game *g, struct pgn_reader *reader)
{
    if (g->flags & GAME_EMPTY)
        return 0; /* only comments: not a game, as search's one_game() decides */
    game_facts_reset(&q->facts, g, reader);
    return search_query_match(q->criteria, &q->facts);
}

int pgnkit_query_match(struct pgnkit_query *q, struct pgnkit_game *g)
{
    return api_query_match_game(q, &g->g, g->reader);
}

const struct search_query *api_query_criteria(const struct pgnkit_query *q)
{
    return q->criteria;
}

const struct search_query_opts *api_query_opts(const struct pgnkit_query *q)
{
    return &q->opts;
}

void pgnkit_query_free(struct pgnkit_query *q)
{
    if (!q)
        return;
    search_query_free(q->criteria);
    game_facts_release(&q->facts);
    free(q);
}
