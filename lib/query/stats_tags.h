/* stats_tags.h - the readings of a game's tags that `stats` counts by: result, ratings, dates, speed. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_STATS_TAGS_H
#define LIB_STATS_TAGS_H

#include "pgn/game.h"

/*
 * stats reads these leniently and in its own way (a report counts every game;
 * search's criteria read the stricter facts of game_facts.h), except the
 * ratings: every command reads those with tagvalue_elo(). The database
 * keeps the same readings for its tree (index_walk.h), so both must come
 * from here.
 */

/**
 * The result: the result token, else the Result tag (a game with tags and no
 * movetext, as broadcasts list them); the token wins when both are there, as it
 * is what validate checks the tag against. enum pgn_result, or PGN_RESULT_NONE.
 */
int stats_result(const struct game *g);

/** The rating in tag as tagvalue_elo() reads it (pgn/tagvalue.h), or 0 when it holds none. */
int stats_rating(const struct game *g, const char *tag);

/** The year: the first four digits of Date, else of UTCDate; 0 when not digits. */
int stats_year(const struct game *g);

/**
 * The months the Date tag spans, as search's date field reads it
 * (tagvalue_date()), as YYYYMM numbers: "2019.03.14" gives 201903 and
 * 201903, "2019.??.??" 201901 and 201912. 1 and *first, *last; 0 without a
 * readable date (no Date tag, "????.??.??", a month past 12).
 */
int stats_months(const struct game *g, int *first, int *last);

/*
 * lichess's speeds (scalachess's chess.Speed), by the estimated duration
 * base + 40 x increment seconds of the TimeControl tag (tagvalue.h reads
 * it; for "moves/seconds" the first period's seconds are the base): under
 * 30 ultraBullet, under 180 bullet, under 480 blitz, under 1500 rapid,
 * under 21600 (six hours) classical, else correspondence; "-" (no clock, as
 * lichess writes its daily games) is correspondence too. The order is
 * tree_speed_names' (stats/tree_buckets.h) and the explorer's bits.
 */
enum stats_speed {
    STATS_SPEED_ULTRABULLET, STATS_SPEED_BULLET, STATS_SPEED_BLITZ, STATS_SPEED_RAPID,
    STATS_SPEED_CLASSICAL, STATS_SPEED_CORRESPONDENCE,
    STATS_SPEED_UNKNOWN, /* no TimeControl tag, or one that does not read */
};

/** The speed of game g (enum stats_speed), from its TimeControl tag. */
int stats_speed(const struct game *g);

#endif
