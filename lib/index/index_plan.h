/* index_plan.h - which games of a database can meet a search: decided from its records, or to be read. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_INDEX_PLAN_H
#define LIB_INDEX_PLAN_H

#include <stdint.h>
#include "index/index_db.h"
#include "query/search_query.h"

/*
 * The database picks candidates; the scan's own matcher decides the rest.
 * For each game of a source, in the order the criteria of the query run
 * (search_query_match stops at the first that fails), each criterion is
 * decided from the game's record when the record holds what the matcher
 * reads (the table in index_plan.c says which, per criterion): a game is
 *
 *   INDEX_NO     when a criterion fails before any undecided one: the scan
 *                would turn it down without a word (no regex ran on it)
 *   INDEX_YES    when every criterion holds
 *   INDEX_MAYBE  when a criterion is undecided first: only reading the game
 *                from its source (and matching it as the scan does) tells
 *
 * so reading the INDEX_YES and INDEX_MAYBE games, in order, gives exactly
 * the output of the scan, and counting the INDEX_YES games needs no source.
 *
 *   struct index_plan *p;
 *   index_plan_new(&p, db, query, &opts);     // regexes run once per name
 *   index_plan_source(p, src.id, src.games, verdicts);
 *   index_plan_free(p);
 */
enum index_verdict { INDEX_NO = 0, INDEX_YES = 1, INDEX_MAYBE = 2 };

struct index_plan;

/**
 * A plan for query q (built with opts) over db, whose regexes on names are
 * run here on every distinct name (compiled again: the query's own keep
 * their limit counts for the scan). PGN_OK and *out, PGN_ENOMEM, PGN_EIO
 * (index_db_message() says why).
 */
int index_plan_new(struct index_plan **out, struct index_db *db, const struct search_query *q,
                   const struct search_query_opts *opts);

/** 1 when the plan decides at least one criterion from the records (else it is no use). */
int index_plan_useful(const struct index_plan *p);

/**
 * The verdict (enum index_verdict) of each of the games games of source
 * into verdict[0..games) (game number i + 1 at i). PGN_OK; PGN_EFORMAT when
 * the records are damaged or do not match the source's games (the message
 * says which); PGN_EIO.
 */
int index_plan_source(struct index_plan *p, int64_t source, uint64_t games,
                      unsigned char *verdict);

/*
 * What a plan has read so far, for the tests that hold a query to reading
 * only what its answer needs.
 */
struct index_plan_counts {
    uint64_t chunks;     /* chunks of records read */
    uint64_t decided;    /* games decided from their records */
    uint64_t candidates; /* games the material keys left to a position (read or decided) */
};

/** Copies p's counts into *out. */
void index_plan_counts(const struct index_plan *p, struct index_plan_counts *out);

/*
 * A chunk where the material keys leave a position at most MATERIAL_KEY_DIRECT
 * games leaves them to the scan without reading the chunk's records: a
 * chunk's walks, position rows and runs cost more than reading a few games.
 * (A material criterion always reads the runs: they decide it, no source.)
 */
enum { MATERIAL_KEY_DIRECT = 8 };

/*
 * A selective query reads only some games' records: the ones the keys of
 * its cheapest criterion list (index_keys.h, index_pick.h; each criterion's
 * count is estimated and the smallest wins, narrowed by the others on the
 * same field), and of those, only the chunks that hold one. What it keeps
 * is the games that are not INDEX_NO, in order: memory follows the answer.
 */
struct index_selection {
    uint64_t *number;       /* game numbers (from 1), ascending */
    unsigned char *verdict; /* INDEX_YES or INDEX_MAYBE of each */
    size_t n;
    uint64_t yes, maybe;    /* counting only: yes counts games not listed too */
};

/**
 * The games of source (games of them) that the plan does not turn down,
 * into *out (release it with index_selection_release), when a criterion's
 * keys list at most 1/INDEX_SELECT_SHARE of them: returns 1. With
 * count_only, the games the keys prove selected (the keys' sure parts, when
 * they are one field's) are only counted (out->yes), not listed: the list
 * holds the games to be read and the ones decided beside them. Returns 0
 * (out empty) when none does: index_plan_source() then decides every game.
 * PGN_EFORMAT (damaged), PGN_ENOMEM, PGN_EIO.
 */
int index_plan_select(struct index_plan *p, int64_t source, uint64_t games, int count_only,
                      struct index_selection *out);

enum { INDEX_SELECT_SHARE = 8 };

/** Frees what index_plan_select() gave (the struct is left empty). */
void index_selection_release(struct index_selection *s);

/** Frees p (NULL is allowed). */
void index_plan_free(struct index_plan *p);

#endif
