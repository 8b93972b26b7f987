/* explorer_json.h - the lichess opening explorer's JSON answer, written from an explorer tree. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_EXPLORER_JSON_H
#define LIB_EXPLORER_JSON_H

#include <stddef.h>
#include "base/buf.h"
#include "chess/position.h"
#include "explorer/explorer_tree.h"

/*
 * The one writer of the explorer's JSON, for the stats tree in lichess's
 * format and for the explorer server alike:
 *
 *   {"white":W,"draws":D,"black":B,
 *    "moves":[{"uci":"e2e4","san":"e4","averageRating":2400,"white":..,"draws":..,
 *              "black":..,"performance":2450,"game":null|{game}}, ...],
 *    "topGames":[{"uci":..,"id":"12","winner":"white"|"black"|null,
 *                 "white":{"name":..,"rating":..},"black":{..},"year":..,"month":..}],
 *    "recentGames":[...],"opening":{"eco":"B20","name":"Sicilian Defense"}|null,
 *    "fen":"..."}
 *
 * Castling is written as lichess's explorer writes it, king takes rook
 * (e1h1, e8a8), in standard chess too. A game's id is its number as a
 * string. averageRating is the mean of the players' mean ratings over the
 * games with both ratings (0 when none); performance (with
 * EXPLORER_JSON_PERFORMANCE) is that of the tree's side (for_white: the
 * mover's, or a player's): the opponents' mean rating plus 400 (wins -
 * losses) / games, as the tree report of the stats computes it. "fen" (not in lichess's answer) names the position answered.
 */

enum explorer_json_flags {
    EXPLORER_JSON_PERFORMANCE = 1 << 0, /* each move's performance */
};

/**
 * Appends t's answer for root (t sorted) to out: at most max_moves moves
 * (the most played), t's top and recent games. Needs eco_init() for the
 * opening. PGN_OK, PGN_ETOOBIG or PGN_ENOMEM.
 */
int explorer_json_write(const struct explorer_tree *t, const struct pos *root, size_t max_moves,
                        unsigned flags, struct buf *out);

#endif
