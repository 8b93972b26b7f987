/* tiebreak.h - an event's standings: scores, results, performance and FIDE tie-breaks, ranked. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_TIEBREAK_H
#define LIB_TIEBREAK_H

#include <stddef.h>
#include "stats/standings.h"

/*
 * The tie-breaks follow the FIDE Tie-Break Regulations (Handbook C.07,
 * 2023 version), for individual events:
 *
 *   buchholz          BH: the sum of the opponents' scores, one value per
 *                     round the player took part in;
 *   buchholz-cut1     BH-C1: BH less its least value;
 *   median-buchholz   BH-M1: BH less its least and its greatest value;
 *   sonneborn-berger  SB: per round, the points scored times the
 *                     opponent's score;
 *   direct-encounter  DE: among the players still tied (on score and the
 *                     tie-breaks before this one), the points scored in the
 *                     games between them, when each of them met every other;
 *                     otherwise it separates nobody (0 for all);
 *   wins              WIN: rounds with a win's points, forfeit wins and
 *                     full-point byes included;
 *   black-wins        BWG: games won with Black over the board;
 *   black-games       BPG: games played with Black over the board;
 *   aro               ARO: average rating of the opponents met over the
 *                     board who have a rating, rounded to a whole number.
 *
 * UNPLAYED ROUNDS (C.07 article 16, the 2023 "dummy opponent"): a round
 * the player did not play over the board (a bye or a forfeit, either way)
 * adds to the player's BH and SB as a game against a dummy opponent whose
 * score is the player's own final score. An opponent's score, in the BH and
 * SB of others, counts each of that opponent's voluntarily unplayed rounds
 * (VUR: a forfeit loss, a half- or zero-point bye; a rounds with less than
 * a win's points) as a draw; a forfeit win or a full-point bye counts as
 * scored. The cuts (BH-C1, BH-M1) take away a VUR's value first, then the
 * least.
 *
 * PERFORMANCE: FIDE's rating performance (Rating Regulations, table 8.1.1):
 * the average rating of the rated opponents met over the board plus dp,
 * the table's rating difference for the fraction scored in those games
 * (1.00 gives +800, 0.00 gives -800). Unplayed games count for neither.
 */

enum tiebreak {
    TB_BUCHHOLZ, TB_BUCHHOLZ_CUT1, TB_MEDIAN_BUCHHOLZ, TB_SONNEBORN_BERGER,
    TB_DIRECT_ENCOUNTER, TB_WINS, TB_BLACK_WINS, TB_BLACK_GAMES, TB_ARO, TB_COUNT
};

enum { TIEBREAK_MAX = 16 }; /* tie-breaks in one list, at most */

/* The names tiebreak_parse() reads (enum tiebreak), and their FIDE abbreviations. */
extern const char *const tiebreak_names[TB_COUNT];
extern const char *const tiebreak_abbrevs[TB_COUNT];

/**
 * Reads a comma-separated list of tie-break names (tiebreak_names, or
 * "median1" for median-buchholz) into list: the number of them, or
 * PGN_EINVAL when a name is unknown or there are more than TIEBREAK_MAX
 * (then *bad points at the name and *bad_len is its length).
 */
int tiebreak_parse(const char *text, int list[TIEBREAK_MAX], const char **bad, size_t *bad_len);

/* One player's line of the standings. Points are half points. */
struct standing {
    int player;       /* index in the event's players */
    int rank;         /* 1-based; tied players share the best rank */
    int score_half;   /* every round's points, unplayed ones included */
    int rounds;       /* rounds the player has a result in: games, forfeits, byes */
    int wins, draws, losses; /* over the board */
    int unplayed;     /* forfeits and byes */
    int played;       /* games over the board */
    int rated_opponents;
    long opponent_rating_sum;
    int performance;  /* 0 when no rated opponent was met over the board */
    double tb[TIEBREAK_MAX]; /* by the list given to standings_rank() */
};

/**
 * The standings of e, ranked by score, then by the tie-breaks list[0..n),
 * then by name: out (e->nplayers entries, the caller's) from first to
 * last. PGN_OK, PGN_EINVAL for a bad list, or PGN_ENOMEM.
 */
int standings_rank(const struct standings_event *e, const int *list, int n, struct standing *out);

/** FIDE's dp for the fraction p (0..1) scored (Rating Regulations table 8.1.1). */
int tiebreak_dp(double p);

#endif
