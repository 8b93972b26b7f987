/* index_paths.h - how many games start with a line of moves, kept per line so that a count reads a row. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_INDEX_PATHS_H
#define LIB_INDEX_PATHS_H

#include <stddef.h>
#include <stdint.h>
#include "chess/position.h"
#include "index/index_db.h"
#include "index/index_plan.h"

/*
 * A search by SQ_MOVES asks for the games whose main line starts with a line of
 * moves: a path from the standard start, not a position (1. e3 c6 2. e4 c5
 * reaches the position of 1. e4 c5 but does not start with it). The table
 * path_counts keeps, per source and per line of 1 to INDEX_OPENING_PLIES
 * moves that at least INDEX_PATHS_MIN games start with, how many do: the
 * games a count through the records would prove (index_decide_moves: from
 * the standard start, not empty, not unsure, walked that far). A line is
 * keyed by index_path_next() chained over its moves (move16) from
 * INDEX_PATH_START. The unsure games, which only their source tells, are
 * listed per source in path_sources (varint deltas of their numbers).
 */
enum { INDEX_PATHS_MIN = 8 };

#define INDEX_PATH_START 0x6a09e667f3bcc909ull

/** The key of a line one move longer: the line's key h, then move m. */
static inline uint64_t index_path_next(uint64_t h, unsigned m)
{
    /* splitmix64's finaliser over the key and the move: the order of the
     * moves changes every bit, so a transposition has another key. */
    uint64_t x = h ^ ((uint64_t)m + 1) * 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/**
 * Makes the path counts of source again from its opening rows (a build, or
 * an update that changed the source), in memory bounded whatever the
 * source. PGN_OK, PGN_EFORMAT (damaged rows), PGN_EIO, PGN_ENOMEM.
 */
int index_paths_rebuild(struct index_db *db, int64_t source);

/**
 * Counts the games of source (games of them) that start with the n moves
 * (1..INDEX_OPENING_PLIES, from the standard start): returns 1 with
 * out->yes the games the counts prove and out->number/out->verdict
 * (INDEX_MAYBE each) the unsure games to be read and matched; out is
 * released with index_selection_release(). Returns 0 (out empty) when the
 * line has no row (rarer, or longer): the caller decides as before. A
 * negative status: PGN_EFORMAT (damaged), PGN_EIO, PGN_ENOMEM.
 */
int index_paths_count_moves(struct index_db *db, int64_t source, uint64_t games,
                            const move16 *moves, size_t n, struct index_selection *out);

#endif
