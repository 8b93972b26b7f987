/* play_totals.h - a game's clocks and evaluations summed up per side, for the where fields. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_PLAY_TOTALS_H
#define LIB_PLAY_TOTALS_H

#include <stdint.h>
#include "pgn/game.h"

/*
 * What the main line's comments and NAGs say per side (index 0 White, 1
 * Black), read through ply_facts_read() (clocks, time spent, evaluations)
 * and judge_move() (judgments), so that the where fields agree with the
 * per-ply rows and with annotate. A has_* of 0 means the game does not say:
 * the field is then absent.
 */
struct play_totals {
    int has_base;               /* TimeControl "BASE" or "BASE+INC" */
    int64_t base_ms, increment_ms;
    int has_min_clock[2];
    int64_t min_clock_ms[2];    /* lowest clock after the side's moves */
    int has_used[2];
    int64_t used_ms[2];         /* time spent, summed over the moves that say it */
    int has_final_eval;
    int final_eval_cp;          /* last evaluation, White's view, judge_eval_cp() */
    int has_swing;
    int max_swing_cp;           /* largest change between two evaluations in a row */
    int has_judgments;          /* from $4/$2/$6 when any move has one, else judged */
    int blunders[2], mistakes[2], inaccuracies[2];
    int has_accuracy[2];
    double accuracy[2];         /* lichess's game accuracy, query/game_accuracy.h */
    int has_trouble;            /* a move lost PLAY_TROUBLE_DROP win points or more */
    int64_t trouble_clock_ms;   /* the lowest mover's clock after such a move */
    uint32_t trouble_ply;       /* the position after it (1: after the first move) */
    int trouble_known[2];       /* the side made a move with a clock and evaluations around it */
    int has_side_trouble[2];    /* has_trouble and trouble_clock_ms of the side's own moves */
    int64_t side_trouble_clock_ms[2];
};

/* The seconds left under which a costly move is time trouble, unless the user says. */
#define PLAY_TROUBLE_SECONDS 10

/**
 * 1 when side (0 White, 1 Black) of t made a move with under seconds on its
 * clock that lost PLAY_TROUBLE_DROP win points or more: what the search
 * criterion SQ_TIME_TROUBLE matches and the players' statistics count,
 * decided here only.
 */
int play_side_in_trouble(const struct play_totals *t, int side, int64_t seconds);

/** The same for either side: the game has a time-trouble move. */
int play_in_trouble(const struct play_totals *t, int64_t seconds);

/* The win percentage points a move must lose to count for time trouble. */
#define PLAY_TROUBLE_DROP 30.0

/**
 * Sums up the main line of g, whose first move is played by first_side (0
 * White, 1 Black), into *t. Reads g only; allocates nothing.
 */
void play_totals_compute(const struct game *g, int first_side, struct play_totals *t);

/** 1 when t says any of its facts (a has_* is set), else 0: the game gives none of the where fields. */
int play_totals_any(const struct play_totals *t);

#endif
