/* index_deciders.h - what a database's records decide of each search criterion. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_INDEX_DECIDERS_H
#define LIB_INDEX_DECIDERS_H

#include <stdint.h>
#include "index/index_positions.h"
#include "index/index_records.h"
#include "index/index_pick_where.h"
#include "index/index_plan.h"
#include "index/index_where.h"
#include "query/search_query.h"

/*
 * A plan (index_plan.c) holds one plan_crit per criterion of the query, in
 * the order the scan tries them; its decider reads the record of a game and
 * says INDEX_YES, INDEX_NO or INDEX_MAYBE (enum index_verdict), or
 * INDEX_NEED when it wants the game's material runs first. The table of
 * what each criterion is decided from is in index_deciders.c.
 */
struct plan_crit;
/* The verdict of one criterion on one record (enum index_verdict). */
typedef int decide_fn(const struct plan_crit *pc, const struct index_record *r);

struct plan_crit {
    const struct criterion *c;
    decide_fn *decide;     /* NULL: the records cannot tell */
    int slot[2];           /* IR_WHITE.. the names it reads (-1: none) */
    unsigned char *names;  /* regexes: the verdict of each name id of its dictionary */
    uint32_t nnames;
    struct index_target target; /* SQ_POSITION: the position */
    unsigned char *hits;   /* SQ_POSITION: per game of the chunk, 1 when a walked position is it */
    struct index_where *where; /* SQ_WHERE: the fields the records know */
    struct index_where_keys wkeys; /* SQ_WHERE: the keys of its conjuncts */
};

/* A decider's answer when it needs the game's material runs (r->material is NULL). */
enum { INDEX_NEED = 3 };

/* The deciders a plan asks for by name: what their criterion needs read
 * (opening rows, walks, material runs) depends on which it is. */
decide_fn index_decide_moves, index_decide_position, index_decide_material,
    index_decide_material_end, index_decide_names, index_decide_where;

/**
 * The decider of criterion c under opts (NULL when the records cannot tell
 * it), and in slot[] the name slots (IR_WHITE..) it reads, or -1.
 */
decide_fn *index_decider_of(const struct criterion *c, const struct search_query_opts *opts,
                            int slot[2]);

#endif
