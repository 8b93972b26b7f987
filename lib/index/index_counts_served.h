/* index_counts_served.h - the games the explorer lists at a counted position: its best rated and latest decided games. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_INDEX_COUNTS_SERVED_H
#define LIB_INDEX_COUNTS_SERVED_H

#include <stddef.h>
#include <stdint.h>

/*
 * The lichess explorer's answer lists games beside the counts: topGames
 * (the best rated) and recentGames (the latest), at most 15 each. The
 * counts of a position (index_counts.h) cannot tell them, and finding them
 * among all the games of a source would take time that grows with the
 * source. So each row of tree_counts has a row of tree_served (same
 * source and key) naming, of the games the row counts with a decided
 * result (1-0, 0-1, 1/2-1/2):
 *
 *   top:    the INDEX_SERVED_MAX best rated, by the mean of both ratings
 *           (0 when one is missing), then the lower game number;
 *   recent: the INDEX_SERVED_MAX latest, by year, then the higher number.
 *
 * The blob, every number a varint (index_bytes.h): how many games follow,
 * then per game in ascending number: (number - previous) << 2 | lists, where
 * lists has INDEX_SERVED_TOP, INDEX_SERVED_RECENT or both. The order within
 * each list is not kept: the reader knows each listed game's rating and
 * year once it reads the game, and orders them again.
 */
enum { INDEX_SERVED_MAX = 15, INDEX_SERVED_TOP = 1, INDEX_SERVED_RECENT = 2 };

struct index_served_game {
    uint64_t number;  /* in its source, from 1 */
    unsigned lists;   /* INDEX_SERVED_TOP | INDEX_SERVED_RECENT */
};

struct index_db;

/**
 * Decodes a tree_served blob into out[0..2 * INDEX_SERVED_MAX) and *n.
 * PGN_OK, or PGN_EFORMAT when it is malformed (cut short, numbers not
 * ascending, a game in no list, more than INDEX_SERVED_MAX in a list).
 */
int index_served_decode(const unsigned char *blob, size_t len, struct index_served_game *out,
                        size_t *n);

/**
 * Writes the tree_served rows of source, one per row of tree_counts it
 * has (which must be written already), from its walks and position index.
 * Memory stays bounded: the rows' keys are taken in batches, each batch a
 * pass over the source's position index. PGN_OK, PGN_EFORMAT (damage),
 * PGN_EIO, PGN_ENOMEM, PGN_ETOOBIG (a source past 2^40 games).
 */
int index_served_build(struct index_db *db, int64_t source);

#endif
