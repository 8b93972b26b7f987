/* index_tree.h - the explorer tree at a position, counted from the database where it can be. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_INDEX_TREE_H
#define LIB_INDEX_TREE_H

#include <stdint.h>
#include "chess/position.h"
#include "index/index_counts.h"
#include "index/index_counts_served.h"
#include "index/index_db.h"
#include "pgn/game.h"
#include "replay/replay.h"

/*
 * The stats tree counts every game (games, valid, invalid, skipped,
 * results) and, for the games whose main line reaches the root position,
 * the next moves from the first time it does. For each game of a source the
 * database tells it all (the walk of index_walk.h: the keys of the first
 * INDEX_WALK_PLIES plies, the opening moves, stats' own readings of the
 * tags) or says that only the replay of the game can:
 *
 *   index_tree_source(db, src.id, src.games, &root, depth, count, ctx, verdict);
 *   // verdict[i] INDEX_NO: game i + 1 was handed to count(); INDEX_MAYBE: read it
 */

enum { INDEX_TREE_DEPTH_MAX = 20 };

/* One game as the tree counts it. */
struct index_tree_game {
    uint64_t index;            /* the game's number in its source, from 1 */
    int empty;                 /* not a game: not counted at all */
    int invalid, skipped;      /* else valid */
    int result;                /* enum pgn_result, PGN_RESULT_NONE */
    int white_elo, black_elo;  /* 0: none */
    int year;                  /* 0: none */
    int speed;                 /* enum stats_speed (query/stats_tags.h) */
    int month_first, month_last; /* the months the Date spans, YYYYMM (stats_months()); 0: none */
    int reached;               /* the main line reaches the root */
    uint32_t nmoves;           /* the moves after it, at most depth */
    move16 moves[INDEX_TREE_DEPTH_MAX];
};

typedef void index_tree_fn(void *ctx, const struct index_tree_game *tg);

/**
 * Decides the games games of source for the tree at root to depth moves
 * (1..INDEX_TREE_DEPTH_MAX): calls count(ctx, ...) for each game the
 * database tells (verdict INDEX_NO) and sets INDEX_MAYBE for the others.
 * PGN_OK; PGN_EFORMAT when the database is damaged; PGN_EIO; PGN_ENOMEM.
 */
int index_tree_source(struct index_db *db, int64_t source, uint64_t games,
                      const struct pos *root, int depth, index_tree_fn *count, void *ctx,
                      unsigned char *verdict);

/* What a source's counts table (index_counts.h) tells of the tree at a root, one move deep. */
struct index_tree_counts {
    uint64_t games, valid, invalid, skipped; /* of the games told, as the tree counts them */
    uint64_t results[5];                     /* by enum pgn_result */
    const struct index_count *e;             /* the root's entries: moves, and games ending there */
    size_t n;
    /* Of the games the entries count, the best rated and latest decided
     * ones (index_counts_served.h), in ascending number. */
    const struct index_served_game *listed;
    size_t nlisted;
};

typedef int index_tree_counts_fn(void *ctx, const struct index_tree_counts *c);

/**
 * The tree at root one move deep (depth 1) from the counts table of
 * source, when it can tell: hands every game's counts to counted(ctx, c)
 * at once, sets verdict[i] INDEX_NO for the games it told and INDEX_MAYBE
 * for those only a replay tells, and returns 1. Returns 0 (nothing
 * counted, verdict untouched) when the table cannot tell: depth is not 1,
 * the root is rarer than INDEX_COUNTS_MIN games, or some game may reach it
 * only past the walk; index_tree_source() then counts it. A negative
 * status: PGN_EFORMAT, PGN_EIO, PGN_ENOMEM, or counted's own.
 */
int index_tree_counted(struct index_db *db, int64_t source, uint64_t games,
                       const struct pos *root, int depth, index_tree_counts_fn *counted,
                       void *ctx, unsigned char *verdict);

/**
 * As index_tree_counted(), but the games only a replay tells are given as
 * their numbers, ascending, in *maybe (malloc'd, the caller frees it; NULL
 * when nothing was counted) and *nmaybe, not as a verdict per game of the
 * source: a request then costs what the counts and those games cost, not a
 * byte per game.
 */
int index_tree_counted_sparse(struct index_db *db, int64_t source, uint64_t games,
                              const struct pos *root, int depth, index_tree_counts_fn *counted,
                              void *ctx, uint64_t **maybe, size_t *nmaybe);

/**
 * What the tree at root (to depth moves) counts of game g, replayed into r
 * (replay_game() ran on it), into *tg: the one reading of a replay for the
 * tree, the same as index_tree_source() tells from the records. A game the
 * replay skipped (a variant) or whose start could not be set up does not
 * reach the root.
 */
void index_tree_of_replay(const struct game *g, const struct replay *r, const struct pos *root,
                          int depth, struct index_tree_game *tg);

#endif
