/* elo.h - ratings estimated from results by maximum likelihood (Bradley-Terry / Elo logistic model). */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_ELO_H
#define LIB_ELO_H

#include <stddef.h>

/*
 * THE MODEL. Player i beats player j with probability
 * 1 / (1 + 10^((r_j - r_i) / 400)), the logistic Elo curve; a draw counts
 * as half a win and half a loss (as Ordo does by default; not BayesElo's
 * drawelo, which models draws with a parameter of their own). The ratings
 * are those that make the results most likely, found by Hunter's MM
 * iteration (Zermelo's), which never lowers the likelihood.
 *
 * WHEN RESULTS LEAVE RATINGS UNBOUNDED. A player who won every game (or
 * lost every one), or a group that only won against the rest, has no
 * finite best rating. Then, and only then, every player is given one
 * virtual draw against a virtual opponent of the average rating (BayesElo
 * calls this its prior), which keeps every rating finite; prior is set.
 *
 * ANCHOR. The ratings are only known up to a common shift: either one
 * player is fixed at a rating (anchor >= 0) or their average is
 * (anchor < 0, the average given).
 *
 * ERRORS BARS come from the Fisher information (the Hessian of the
 * log-likelihood at the best ratings): the covariance of the ratings is
 * its inverse, taken with the anchor's constraint, when there are at most
 * ELO_EXACT_MAX players; above that each player's variance is taken as the
 * inverse of its own information alone (the others held fixed), which is
 * a little narrower, and exact is 0.
 *
 * The likelihood of superiority of i over j is the normal probability that
 * r_i - r_j > 0 given the covariance: Phi((r_i - r_j) / sd(r_i - r_j)).
 */

enum { ELO_EXACT_MAX = 800 };

/* One game: a scored a_half half points (0, 1 or 2) against b. */
struct elo_game {
    int a, b;
    int a_half;
};

struct elo_fit {
    size_t n;
    double *rating; /* Elo, by player */
    double *error;  /* one standard error of each rating, Elo */
    double *cov;    /* n * n covariance in Elo^2 when exact, else NULL */
    int exact;      /* 1: cov from the full inverse */
    int prior;      /* 1: the virtual draws were needed */
    int iterations;
};

/**
 * Fits the ratings of players 0..n) from games[0..ngames) into f (its
 * arrays are allocated; elo_fit_release() frees them). anchor >= 0 fixes
 * that player at rating; anchor < 0 makes the average rating. Players
 * without a game get the average (or the prior's) rating with no error.
 * PGN_OK, PGN_EINVAL (a game names a player out of range, or a bad
 * anchor), or PGN_ENOMEM.
 */
int elo_fit(size_t n, const struct elo_game *games, size_t ngames, long anchor, double rating,
            struct elo_fit *f);

struct standings_event;

/**
 * elo_fit() over the games of e played over the board (forfeits and byes
 * say nothing of strength), players as e numbers them; anchor and rating
 * as elo_fit(). Same returns.
 */
int elo_fit_event(const struct standings_event *e, long anchor, double rating, struct elo_fit *f);

/** Frees what f holds; elo_fit_release on a zeroed f does nothing. */
void elo_fit_release(struct elo_fit *f);

/** The likelihood (0..1) that player i is stronger than player j. */
double elo_los(const struct elo_fit *f, size_t i, size_t j);

#endif
