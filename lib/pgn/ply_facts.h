/* ply_facts.h - what the comments after a move say as facts: clock, time spent, evaluation. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_PLY_FACTS_H
#define LIB_PLY_FACTS_H

#include <stdint.h>
#include "pgn/eval_command.h"
#include "pgn/game.h"

/*
 * The one place the writers (per-ply rows, plain training positions, EPD)
 * and the where fields of clocks (query/play_totals.h)
 * turn a move's comments into numbers, so that they all agree:
 *
 *   struct ply_clocks c;
 *   ply_clocks_init(&c, game_tag_value(g, "TimeControl"));
 *   for each main-line move i, in order, played by side (WHITE or BLACK):
 *       struct ply_facts f;
 *       ply_facts_read(&c, g, i, side, &f);
 *
 * Clocks come from [%clk] (clock_command_ms), evaluations from [%eval]
 * (eval_command_read). Time spent is [%emt] when the move has one; else the
 * mover's clock after their previous move (or the TimeControl's base
 * before their first) minus the clock now, plus the TimeControl's
 * increment (lichess and chess.com add it after the move).
 */
struct ply_facts {
    int has_clock, has_spent, has_eval;
    int64_t clock_ms; /* the mover's time left after the move */
    int64_t spent_ms; /* the time the move took */
    struct pgn_eval eval; /* of the position after the move, White's view */
};

struct ply_clocks {
    int has_base;
    int64_t base_ms, increment_ms; /* TimeControl "BASE+INC" in seconds */
    int moved[2];    /* the side has moved: the base is behind it */
    int has_last[2];
    int64_t last_ms[2]; /* each side's clock after its previous move */
};

/**
 * Starts the clocks of a game whose TimeControl tag is time_control (NULL:
 * none). Only "BASE" and "BASE+INCREMENT" in whole seconds give a base;
 * "-", "?", "40/7200:3600" and the like give none (time spent on a side's
 * first move is then unknown, unless [%emt] says it).
 */
void ply_clocks_init(struct ply_clocks *c, const char *time_control);

/**
 * The facts of move g->moves[move], played by side (0 White, 1 Black), into
 * *f; updates c with the move's clock. Call for the main-line moves in
 * order. Reads g only.
 */
void ply_facts_read(struct ply_clocks *c, const struct game *g, uint32_t move, int side,
                    struct ply_facts *f);

#endif
