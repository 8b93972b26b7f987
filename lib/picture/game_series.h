/* game_series.h - a game's evaluation and clock after each main-line ply, as its graph draws them. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_GAME_SERIES_H
#define LIB_GAME_SERIES_H

#include <stddef.h>
#include "pgn/game.h"

/**
 * Reads the [%eval] and clock-left ([%clk], [%clkc]) commands of the
 * comments of each main-line move of g into eval[k] (centipawns for White,
 * mates as +-CHART_MATE_CP) and clock[k] (the mover's seconds left) for
 * ply k+1, CHART_NONE where the move has none. Both arrays are the caller's,
 * g->vars[0].count long (nothing is written when g has no moves). Returns
 * the number of plies with an evaluation or a clock: 0 means no graph. The
 * one reading of these commands for every picture of a game (the graph of
 * chart_game_svg(), alone or on a game page of write/game_html.h).
 */
size_t game_series(const struct game *g, double *eval, double *clock);

#endif
