/* stats_tags.h - the readings of a game's tags that `stats` counts by: result, ratings, year. */
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

#endif
