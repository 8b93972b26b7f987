/* index_pick_where.h - the keys of a where expression: the conjuncts that turn a game down alone. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_INDEX_PICK_WHERE_H
#define LIB_INDEX_PICK_WHERE_H

#include <stddef.h>
#include "index/index_db.h"
#include "index/index_pick.h"
#include "query/where.h"

/*
 * "a and b and c" is no for a game as soon as one of its operands is, unless
 * one before it may have left the game to the scan while running a regex
 * (where_decide in where_eval.c). So each conjunct up to the first one that
 * holds a regex (that one too) lists, when the keys hold what it compares,
 * every game the expression may select: a name field (white, black,
 * player, event, site) against a regex or a string, plies, white_elo,
 * black_elo or year against a number, result against its text, a game
 * feature (checkmate, threefold ...) alone or = true. Each gives
 * one set of ranges; the query's planner counts them as it does criteria.
 */
struct index_where_keys {
    struct index_key_set *set;
    size_t n;
};

/**
 * The ranges of w's conjuncts that the keys hold into *out (release it with
 * index_where_keys_release; n 0: none), the names of db's tables matched
 * as the expression matches them (regexes compiled again, with its flags
 * and limit). PGN_OK, PGN_ENOMEM, PGN_EIO.
 */
int index_pick_where(struct index_db *db, const struct where *w, struct index_where_keys *out);

/** Frees what index_pick_where() gave (the struct is left empty). */
void index_where_keys_release(struct index_where_keys *k);

#endif
