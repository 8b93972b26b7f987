/* tree_buckets.h - lichess's explorer buckets of a game: its rating group and its speed. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_TREE_BUCKETS_H
#define LIB_TREE_BUCKETS_H

#include "pgn/game.h"

/*
 * A tree by TREE_BY_RATING or TREE_BY_SPEED splits the explorer's rows as lichess's
 * opening explorer filters them:
 *
 * rating  the mean of both players' ratings, in the groups the explorer's
 *         "ratings" parameter names: 0, 1000, 1200, 1400, 1600, 1800, 2000,
 *         2200, 2500 (each up to the next); "unrated" without both ratings.
 * speed   the TimeControl tag's estimate, base + 40 * increment seconds,
 *         in lichess's classes (stats_speed(), query/stats_tags.h:
 *         ultraBullet < 30, bullet < 180, blitz < 480, rapid < 1500,
 *         classical < 21600, else correspondence); "correspondence" for "-"
 *         too (no clock, as lichess writes its daily games); "unknown"
 *         without a readable tag.
 */
enum tree_by { TREE_BY_NONE = 0, TREE_BY_RATING, TREE_BY_SPEED };

enum { TREE_RATING_BUCKETS = 10, TREE_SPEED_BUCKETS = 7 };

/* The lower bounds of lichess's rating groups (the last bucket, "unrated", has none). */
extern const int tree_rating_floor[TREE_RATING_BUCKETS - 1];
/* lichess's speed names; the last, "unknown", is pgnkit's for a game without a time control. */
extern const char *const tree_speed_names[TREE_SPEED_BUCKETS];

/** The bucket names of by (enum tree_by) in their order, *n of them (static storage). */
const char *const *tree_bucket_names(int by, int *n);

/** The rating bucket of a game whose players are rated welo and belo (0: unrated). */
const char *tree_bucket_rating(int welo, int belo);

/** The speed bucket of game g, from its TimeControl tag. */
const char *tree_bucket_speed(const struct game *g);

#endif
