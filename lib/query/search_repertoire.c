/* search_repertoire.c - the search criterion SQ_REPERTOIRE: games that leave an opening repertoire. */
/* SPDX-License-Identifier: MIT */
#include "base/error.h"
#include "query/search_criterion.h"
#include "base/banned.h"

int sq_build_repertoire(struct search_query *q, struct criterion *c, const char *arg,
                        struct sq_error *err)
{
    const struct search_query_opts *o = sq_opts(q);
    char msg[REPERTOIRE_MSG_MAX];
    int rc = repertoire_read(&c->book, arg, o->lang, msg);
    if (rc == PGN_EINVAL)
        return sq_refuse(err, 0, "%s", msg);
    c->book_side = o->repertoire_side;
    c->book_exit = o->repertoire_exit;
    return rc;
}

/* The exit of f's main line from c's repertoire that c counts: 1 with *e, 0, or < 0. */
static int counted_exit(struct game_facts *f, const struct criterion *c, struct repertoire_exit *e)
{
    int rc;
    struct ml_iter it;
    struct mainline *ml = sq_walk_start(f, &it, &rc);
    if (!ml)
        return rc;
    rc = repertoire_first_exit(c->book, ml, e);
    if (rc <= 0)
        return rc;
    return c->book_exit == REP_EXIT_ANY || repertoire_exit_kind(c->book_side, e) == c->book_exit;
}

int sq_match_repertoire(struct game_facts *f, const struct criterion *c)
{
    struct repertoire_exit e;
    int rc = counted_exit(f, c, &e);
    if (rc > 0)
        f->hit_ply = e.ply;
    return rc;
}

int search_query_repertoire_exit(struct search_query *q, struct game_facts *f,
                                 struct repertoire_exit *out)
{
    size_t n;
    const struct criterion *crit = sq_criteria(q, &n);
    for (size_t i = 0; i < n; i++)
        if (crit[i].kind == SQ_REPERTOIRE)
            return counted_exit(f, &crit[i], out);
    return 0;
}
