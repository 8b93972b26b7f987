/* exit_tally.h - where games left an opening repertoire: a count, side and score per exit. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_EXIT_TALLY_H
#define LIB_EXIT_TALLY_H

#include <stddef.h>
#include <stdint.h>
#include "base/hash_table.h"
#include "query/repertoire.h"

/*
 * The games that left a repertoire (repertoire.h), counted per exit
 * node, that is per position left (by key, so transpositions meet) and
 * move played there. The score is the repertoire's side's (White's for a
 * repertoire of both sides): how that side fared once the book was left.
 */
struct exit_row {
    uint32_t games;
    uint32_t wins, draws, losses; /* of the scoring side; games without a result count in none */
    int mover;                    /* WHITE or BLACK: who left */
    int kind;                     /* enum repertoire_exit_kind (REP_EXIT_ANY with both sides) */
    char *path;                   /* the moves before the exit, as the first such game played them */
    char exit[REPERTOIRE_EXIT_TEXT_MAX]; /* "12...Nd7" */
};

struct exit_tally {
    struct hash_table rows; /* (position key, move) -> struct exit_row */
    int side;               /* enum repertoire_side */
    uint64_t games;         /* exits counted */
};

/** An empty tally for a repertoire of side (enum repertoire_side). */
void exit_tally_init(struct exit_tally *t, int side);

/** Frees what t holds. */
void exit_tally_release(struct exit_tally *t);

/**
 * Counts exit e of the game whose main line is ml (ml's game ended with
 * result, an enum pgn_result). PGN_OK or PGN_ENOMEM.
 */
int exit_tally_add(struct exit_tally *t, struct mainline *ml, const struct repertoire_exit *e,
                   int result);

/**
 * The rows of t, most games first (then by path and exit move): an array
 * of *n pointers the caller frees (not the rows), or NULL when out of
 * memory or t is empty (then *n is 0).
 */
const struct exit_row **exit_tally_rows(const struct exit_tally *t, size_t *n);

/** The score of row r in percent (a draw half a point), or -1 with no decided result. */
double exit_row_score(const struct exit_row *r);

#endif
