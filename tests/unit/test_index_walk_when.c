/* test_index_walk_when.c - the walk's speed and Date months: written and read back, damage not believed. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "test.h"
#include "index/index_walk.h"
#include "query/stats_tags.h"

void test_index_walk_when__round_trip(void)
{
    struct index_walk w, back;
    unsigned char rec[INDEX_WALK_SIZE];
    memset(&w, 0, sizeof w);
    w.year = 2019;
    w.speed = STATS_SPEED_CORRESPONDENCE;
    w.month_first = 1; /* "2019.??.??" */
    w.month_last = 12;
    index_walk_encode(&w, rec);
    index_walk_decode(rec, &back);
    CHECK_EQ_INT(back.year, 2019);
    CHECK_EQ_INT(back.speed, STATS_SPEED_CORRESPONDENCE);
    CHECK_EQ_INT(back.month_first, 1);
    CHECK_EQ_INT(back.month_last, 12);
    w.speed = STATS_SPEED_UNKNOWN;
    w.month_first = w.month_last = WALK_MONTH_UNSURE;
    index_walk_encode(&w, rec);
    index_walk_decode(rec, &back);
    CHECK_EQ_INT(back.speed, STATS_SPEED_UNKNOWN);
    CHECK_EQ_INT(back.month_first, WALK_MONTH_UNSURE);
}

void test_index_walk_when__damage_is_not_believed(void)
{
    struct index_walk back;
    unsigned char rec[INDEX_WALK_SIZE];
    memset(rec, 0, sizeof rec);
    /* speed 7 (none is), months 5 to 3 */
    rec[22] = (unsigned char)(7 | 5 << 3 | (3 & 1) << 7);
    rec[23] = (unsigned char)(3 >> 1);
    index_walk_decode(rec, &back);
    CHECK_EQ_INT(back.speed, STATS_SPEED_UNKNOWN);
    CHECK_EQ_INT(back.month_first, WALK_MONTH_UNSURE);
    /* month 13 */
    rec[22] = (unsigned char)(1 << 3 | (13 & 1) << 7);
    rec[23] = (unsigned char)(13 >> 1);
    index_walk_decode(rec, &back);
    CHECK_EQ_INT(back.month_first, WALK_MONTH_UNSURE);
}
