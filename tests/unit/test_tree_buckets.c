/* test_tree_buckets.c - lichess's rating groups and speeds at their bounds. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>
#include "test.h"
#include "pgn/pgn_reader.h"
#include "stats/tree_buckets.h"

void test_tree_buckets__rating_groups(void)
{
    CHECK_EQ_STR(tree_bucket_rating(999, 1000), "0"); /* mean 999 */
    CHECK_EQ_STR(tree_bucket_rating(1000, 1000), "1000");
    CHECK_EQ_STR(tree_bucket_rating(1500, 1700), "1600");
    CHECK_EQ_STR(tree_bucket_rating(2199, 2200), "2000");
    CHECK_EQ_STR(tree_bucket_rating(2499, 2501), "2500");
    CHECK_EQ_STR(tree_bucket_rating(3000, 3100), "2500");
    CHECK_EQ_STR(tree_bucket_rating(0, 2000), "unrated");
}

/* The speed bucket of a game with TimeControl tc (NULL: no tag). */
static const char *speed(const char *tc)
{
    static char name[32];
    char text[200];
    snprintf(text, sizeof text, "%s%s%s1. e4 *\n", tc ? "[TimeControl \"" : "", tc ? tc : "",
             tc ? "\"]\n\n" : "");
    struct pgn_reader *r;
    struct game g;
    snprintf(name, sizeof name, "error");
    if (pgn_reader_open_mem(&r, text, strlen(text), NULL))
        return name;
    if (pgn_reader_next(r, &g) > 0)
        snprintf(name, sizeof name, "%s", tree_bucket_speed(&g));
    pgn_reader_free(r);
    return name;
}

void test_tree_buckets__speeds(void)
{
    CHECK_EQ_STR(speed("29"), "ultraBullet");
    CHECK_EQ_STR(speed("15+0"), "ultraBullet");
    CHECK_EQ_STR(speed("30"), "bullet");
    CHECK_EQ_STR(speed("120+1"), "bullet");  /* 160 */
    CHECK_EQ_STR(speed("60+3"), "blitz");    /* 180 */
    CHECK_EQ_STR(speed("300+4"), "blitz");   /* 300 + 160 = 460 */
    CHECK_EQ_STR(speed("300+5"), "rapid");   /* 500 */
    CHECK_EQ_STR(speed("900+10"), "rapid");  /* 1300 */
    CHECK_EQ_STR(speed("1500"), "classical");
    CHECK_EQ_STR(speed("-"), "correspondence");
    CHECK_EQ_STR(speed("1/86400"), "correspondence");
    CHECK_EQ_STR(speed("?"), "unknown");
    CHECK_EQ_STR(speed(NULL), "unknown");
}
