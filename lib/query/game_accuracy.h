/* game_accuracy.h - lichess's accuracy: win percentages, one move's accuracy, a game's per side. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_GAME_ACCURACY_H
#define LIB_GAME_ACCURACY_H

#include <stdint.h>

/*
 * lichess's game accuracy (lila's AccuracyPercent.gameAccuracy), worked out
 * move by move from the evaluations after each move, so that the where
 * fields, the players' statistics and anything else that reports one give
 * the same figure:
 *
 *   struct game_accuracy a;
 *   game_accuracy_start(&a, moves, first_side);
 *   for each of the moves, in order: game_accuracy_add(&a, cp);
 *   game_accuracy_result(&a, WHITE or BLACK, &value);
 *
 * The win percentages are those of the start (lichess assumes 15
 * centipawns for White) and of the evaluation after each move, White's
 * view, clamped to +-1000 centipawns. Each move gets its accuracy from the
 * mover's loss of win percentage and a weight: the standard deviation
 * (population) of the win percentages in a window of
 * clamp(moves / 10, 2, 8) values ending after the move (the first window
 * for the first moves), kept within 0.5..12. A side's accuracy is the mean
 * of the weighted mean of its moves' accuracies and their harmonic mean
 * (each at least 1 there). moves must be known before the first move is
 * added: the window's size depends on it.
 */

enum { GAME_ACCURACY_RING = 16, GAME_ACCURACY_MAX_WINDOW = 8 };

struct game_accuracy {
    uint32_t moves;       /* the moves that will be added */
    uint32_t seen;        /* the moves added so far */
    int window;           /* win percentages per window */
    int first_side;       /* 0: White made the first move */
    double win[GAME_ACCURACY_RING]; /* White's win percentages; value k at k % RING */
    double pending[GAME_ACCURACY_MAX_WINDOW]; /* accuracies of the moves before the first full window */
    double weighted[2], weights[2], inverses[2];
    uint32_t count[2];
};

/** lichess's centipawns of the start position, White's view. */
#define GAME_ACCURACY_START_CP 15

/**
 * The win percentage (0..100) of cp, clamped to +-1000, for the side it
 * favours: 50 + 50 * (2 / (1 + exp(-0.00368208 * cp)) - 1).
 */
double game_accuracy_win_percent(int cp);

/**
 * One move's accuracy from the mover's win percentages before and after it:
 * 103.1668100711649 * exp(-0.04354415386753951 * (before - after))
 * - 3.166924740191411, plus lichess's 1 point of "uncertainty bonus",
 * within 0..100; 100 when the move lost nothing.
 */
double game_accuracy_of_move(double win_before, double win_after);

/** Starts *a for a game of moves evaluated moves, the first by first_side (0 White, 1 Black). */
void game_accuracy_start(struct game_accuracy *a, uint32_t moves, int first_side);

/**
 * Adds the next move, whose evaluation after it is cp centipawns from
 * White's view (a mate counts as +-1000). Moves beyond the count given to
 * game_accuracy_start() are ignored.
 */
void game_accuracy_add(struct game_accuracy *a, int cp);

/**
 * The accuracy (0..100) of side (0 White, 1 Black) into *out. Returns 1, or
 * 0 when the side made no move added (*out is then 0).
 */
int game_accuracy_result(const struct game_accuracy *a, int side, double *out);

#endif
