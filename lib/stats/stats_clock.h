/* stats_clock.h - the clock report of `pgnkit stats`: time use by move number and by clock band. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_STATS_CLOCK_H
#define LIB_STATS_CLOCK_H

#include "pgn/game.h"
#include "stats/stats_agg.h"

/*
 * Two tables of exact integers (so that they merge like the others):
 *
 *   clock_moves  by move number ("1", "2", ...): per side the milliseconds
 *                spent on that move and the moves that say it (time spent
 *                as pgn/ply_facts.h reads it: [%emt], or clock differences
 *                and the TimeControl increment)
 *   clock_bands  "all" and each band of STATS_CLOCK_BANDS ("60", "30",
 *                "10": moves made with under that many seconds left on the
 *                mover's clock after the move, [%clk]): the moves, then the
 *                side-games (a game counts once for each side with such a
 *                move) and that side's wins, draws and losses in them
 *
 * "all" counts every move with a clock and every side that has one.
 */

enum { CB_MOVES, CB_GAMES, CB_WINS, CB_DRAWS, CB_LOSSES };
enum { CM_WHITE_MS, CM_WHITE_N, CM_BLACK_MS, CM_BLACK_N };

/* The bands, in seconds left, widest first. */
#define STATS_CLOCK_BANDS { 60, 30, 10 }
enum { STATS_CLOCK_NBANDS = 3 };

extern const struct table_kind stats_clock_moves_kind, stats_clock_bands_kind;

/**
 * Counts the main line of g into a->clock_moves and a->clock_bands: its
 * first move is played by first_side (0 White, 1 Black) at move number
 * first_move; res is the game's enum pgn_result. PGN_OK, PGN_ENOMEM, or
 * PGN_ETOOBIG when a sum would pass INT64_MAX.
 */
int stats_count_clock(struct stats_agg *a, const struct game *g, int first_side,
                      uint32_t first_move, int res);

#endif
