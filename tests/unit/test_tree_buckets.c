/* test_tree_buckets.c - lichess's rating groups and speeds at their bounds. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>
#include "test.h"
#include "pgn/pgn_reader.h"
#include "query/stats_tags.h"
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

/* What read(g) says of a game with tag tag = value (value NULL: no tag). */
static const char *of_tag(const char *tag, const char *value,
                          const char *(*read)(const struct game *g))
{
    static char name[32];
    char text[200];
    if (value)
        snprintf(text, sizeof text, "[%s \"%s\"]\n\n1. e4 *\n", tag, value);
    else
        snprintf(text, sizeof text, "1. e4 *\n");
    struct pgn_reader *r;
    struct game g;
    snprintf(name, sizeof name, "error");
    if (pgn_reader_open_mem(&r, text, strlen(text), NULL))
        return name;
    if (pgn_reader_next(r, &g) > 0)
        snprintf(name, sizeof name, "%s", read(&g));
    pgn_reader_free(r);
    return name;
}

/* The speed bucket of a game with TimeControl tc (NULL: no tag). */
static const char *speed(const char *tc)
{
    return of_tag("TimeControl", tc, tree_bucket_speed);
}

/* stats_months() of a game, as "FIRST-LAST" or "none". */
static const char *months_text(const struct game *g)
{
    static char text[32];
    int first, last;
    if (stats_months(g, &first, &last))
        snprintf(text, sizeof text, "%d-%d", first, last);
    else
        snprintf(text, sizeof text, "none");
    return text;
}

static const char *months(const char *date)
{
    return of_tag("Date", date, months_text);
}

void test_tree_buckets__date_months(void)
{
    CHECK_EQ_STR(months("2019.03.14"), "201903-201903");
    CHECK_EQ_STR(months("2019.03.??"), "201903-201903");
    CHECK_EQ_STR(months("2019.??.??"), "201901-201912");
    CHECK_EQ_STR(months("2019"), "201901-201912");
    CHECK_EQ_STR(months("????.??.??"), "none");
    CHECK_EQ_STR(months("2019.13.01"), "none");
    CHECK_EQ_STR(months(NULL), "none");
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
    CHECK_EQ_STR(speed("40/7200"), "classical"); /* the first period's seconds */
    CHECK_EQ_STR(speed("21599"), "classical");
    CHECK_EQ_STR(speed("21600"), "correspondence"); /* lichess: six hours or more */
    CHECK_EQ_STR(speed("300+540"), "correspondence"); /* 300 + 40 * 540 = 21900 */
    CHECK_EQ_STR(speed("-"), "correspondence");
    CHECK_EQ_STR(speed("1/86400"), "correspondence");
    CHECK_EQ_STR(speed("?"), "unknown");
    CHECK_EQ_STR(speed(NULL), "unknown");
}
