/* tree_buckets.c - lichess's explorer buckets of a game: its rating group and its speed. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "query/stats_tags.h"
#include "stats/tree_buckets.h"
#include "base/banned.h"

/* The lower bounds of the rating groups, then the games without both ratings. */
const int tree_rating_floor[TREE_RATING_BUCKETS - 1] = {
    0, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2500,
};
static const char *const rating_names[TREE_RATING_BUCKETS] = {
    "0", "1000", "1200", "1400", "1600", "1800", "2000", "2200", "2500", "unrated",
};
/* lichess's spelling, in the order of enum stats_speed. */
const char *const tree_speed_names[TREE_SPEED_BUCKETS] = {
    "ultraBullet", "bullet", "blitz", "rapid", "classical", "correspondence", "unknown",
};

const char *const *tree_bucket_names(int by, int *n)
{
    *n = by == TREE_BY_RATING ? TREE_RATING_BUCKETS : TREE_SPEED_BUCKETS;
    return by == TREE_BY_RATING ? rating_names : tree_speed_names;
}

const char *tree_bucket_rating(int welo, int belo)
{
    if (welo <= 0 || belo <= 0)
        return rating_names[TREE_RATING_BUCKETS - 1];
    int mean = (welo + belo) / 2, k = TREE_RATING_BUCKETS - 2;
    while (k > 0 && mean < tree_rating_floor[k])
        k--;
    return rating_names[k];
}

const char *tree_bucket_speed(const struct game *g)
{
    return tree_speed_names[stats_speed(g)];
}
