/* game_plain.h - training positions in Stockfish's plain format, scored by the game's [%eval]s. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_GAME_PLAIN_H
#define LIB_GAME_PLAIN_H

#include "write/game_out_internal.h"

/*
 * The plain text format of Stockfish's training tools (convert plain) and
 * nnue-pytorch, one record per position of the main line:
 *
 *   fen rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2
 *   move g1f3
 *   score 25
 *   ply 2
 *   result 1
 *   e
 *
 * fen is the position, move the move played from it (UCI), score the
 * [%eval] after the move that led to it, in centipawns from the side to
 * move's view, ply the plies played before it ((fullmove - 1) * 2, plus 1
 * with Black to move), result the game's result from the side to move's
 * view (1 win, 0 draw, -1 loss).
 *
 * A position is written when it has a score and a move: not the start
 * position, not the final one, not one whose [%eval] is a mate (plain's
 * score is centipawns). Options (game_out_opts): skip_opening, min_plies,
 * sample and seed. A game of result * is left out (o->unfinished), and so
 * is a game in which no position has a score (o->unevaluated), so that the
 * caller can count them.
 */

/** Appends the prepared game w's training positions. */
void game_plain_write(struct go_game *w);

#endif
