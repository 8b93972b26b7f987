/* index_late_games.h - inside lib/index: the games whose main line goes on past the walk, listed per reach group (tree_late). */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_INDEX_LATE_GAMES_H
#define LIB_INDEX_LATE_GAMES_H

#include <stddef.h>
#include <stdint.h>
#include <sqlite3.h>
#include "index/index_db.h"

/*
 * The games that go on past the walk (INDEX_WALK_PLIES) may reach a
 * position the walks do not hold. A rebuild of a source's tree counts
 * (index_counts_build.c) keeps them by reach group (castling rights and
 * home pawns at ply 30, 20 bits, and the unsure bit), each game with its
 * material counts there, one row of tree_late per group: a tree of a
 * position the walks do not hold reads only the groups whose reach does
 * not rule that position out (index_tree.c).
 *
 * The games come in game order. The first ones wait in memory and are
 * grouped by a counting sort when written; a source with more pours them
 * into the temporary table tree_late_stage (which the caller creates),
 * whose own sort keeps the memory bounded.
 */
enum { INDEX_LATE_GROUP_BITS = 21 };

struct index_late_game {
    uint64_t number, grp_counts; /* its group above its 40 bits of material counts */
};

struct index_late_games {
    struct index_db *db;
    int64_t source;
    sqlite3_stmt *stage_put;      /* into temp.tree_late_stage */
    struct index_late_game *held; /* the games while they fit */
    size_t nheld, held_cap;
    int poured;                   /* they did not: tree_late_stage holds them */
};

/** Starts an empty list of the late games of source into *l. PGN_OK or PGN_EIO. */
int index_late_games_start(struct index_late_games *l, struct index_db *db, int64_t source);

/**
 * Notes game number (after every game noted before), of reach group grp,
 * with its material counts (40 bits). PGN_OK, PGN_ENOMEM or PGN_EIO.
 */
int index_late_games_add(struct index_late_games *l, uint64_t grp, uint64_t number,
                         uint64_t counts);

/** Writes the games noted into tree_late, one row per group. PGN_OK, PGN_ENOMEM or PGN_EIO. */
int index_late_games_write(struct index_late_games *l);

/** Frees what l holds (a zeroed l too). */
void index_late_games_release(struct index_late_games *l);

#endif
