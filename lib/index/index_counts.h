/* index_counts.h - the tree's counts per position and next move, kept so that a tree request reads a row, not every game. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_INDEX_COUNTS_H
#define LIB_INDEX_COUNTS_H

#include <stddef.h>
#include <stdint.h>

/*
 * What the lichess opening explorer stores, per source of a database:
 * for each position (its repetition key) that at least INDEX_COUNTS_MIN
 * games of the source reach within the walk's plies (index_walk.h), and
 * for each move those games played from it the first time they reached
 * it, the counts the tree reports (index_tree.h) make of those games. The
 * table tree_counts holds one row per (source, key); its blob, with every
 * number a varint (index_bytes.h):
 *
 *   moves                       how many entries follow
 *   then per entry, in ascending (kind, move) order:
 *     kind << 16 | move         kind 0: the move (move16) played next;
 *                               kind 1: the main line ends there (move 0)
 *     games white draws black   the games, and those won, drawn, lost
 *     wsum wn bsum bn           White's and Black's ratings: sum and count
 *     msum mn                   the mean of both players' (decided games
 *                               with both: the explorer's averageRating)
 *     year0 year1               the first and last year (0: none)
 *     first                     the lowest number of a decided game among
 *                               them (0: none; the explorer's one game)
 *
 * A position reached by fewer games has no row: the tree counts it from
 * the walks, as before (index_tree_source()).
 */
enum { INDEX_COUNTS_MIN = 8 };

enum index_count_kind { INDEX_COUNT_MOVE = 0, INDEX_COUNT_END = 1 };

/* One entry of a position's row: the games that went on with one move (or ended). */
struct index_count {
    uint32_t kind_move;      /* kind << 16 | move16 */
    uint64_t games, white, draws, black;
    uint64_t wsum, wn, bsum, bn, msum, mn;
    uint64_t year0, year1;
    uint64_t first;
};

enum { INDEX_COUNT_FIELDS = 13, INDEX_COUNT_ENTRY_MAX = 1 + INDEX_COUNT_FIELDS * 10 + 5 };

/** Adds the counts of s into d (same kind and move): sums, first and last years, lowest game. */
void index_count_merge(struct index_count *d, const struct index_count *s);

/**
 * Encodes the n entries e (ascending kind_move) into a blob (*out, the
 * caller's, free()) of *len bytes. PGN_OK or PGN_ENOMEM.
 */
int index_counts_encode(const struct index_count *e, size_t n, unsigned char **out, size_t *len);

/**
 * Decodes a row's blob into *out (malloc'd, the caller frees it) and *n.
 * PGN_OK, PGN_EFORMAT when the blob is malformed (cut short, entries out
 * of order, counts that do not add up), PGN_ENOMEM.
 */
int index_counts_decode(const unsigned char *blob, size_t len, struct index_count **out,
                        size_t *n);

#endif
