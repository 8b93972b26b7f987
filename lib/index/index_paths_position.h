/* index_paths_position.h - how many games reach a position, from the tree's counts rather than from every game's walk. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_INDEX_PATHS_POSITION_H
#define LIB_INDEX_PATHS_POSITION_H

#include <stdint.h>
#include "chess/position.h"
#include "index/index_db.h"
#include "index/index_plan.h"

/*
 * A count of a search by SQ_POSITION needs only how many games reach the
 * position, and the tree's counts (index_counts.h) hold that for every
 * position at least INDEX_COUNTS_MIN games of a source reach within the
 * walk: the games of its row's entries, each counted once, at the first
 * time it reaches the position (or ends there). The games only a replay
 * can tell (index_tree_counted(): the unsure ones, the ones that may
 * reach it past the walk) are left to be read, so the count costs one row
 * and a few lists, whatever the number of games that reach it.
 */

/**
 * Counts the games of source (games of them) whose main line reaches
 * target, from the tree's counts: returns 1 with out->yes the games the
 * counts prove and out->number/out->verdict (INDEX_MAYBE each) the games
 * to be read and matched, ascending; out is released with
 * index_selection_release(). Returns 0 (out empty) when the counts cannot
 * tell (no row: a rarer position, or too many games that may reach it
 * late): the caller decides the games as before. A negative status:
 * PGN_EFORMAT (damaged), PGN_EIO, PGN_ENOMEM.
 */
int index_paths_count_position(struct index_db *db, int64_t source, uint64_t games,
                               const struct pos *target, struct index_selection *out);

#endif
