/* explorer_request.h - a request to the explorer server, read from its path and parameters. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_EXPLORER_REQUEST_H
#define LIB_EXPLORER_REQUEST_H

#include <stddef.h>
#include <stdint.h>
#include "chess/position.h"
#include "index/index_tree.h"

/*
 * What `pgnkit serve` is asked, free of HTTP: the server hands the path
 * and the decoded query parameters, in order, and gets the request or why
 * it is refused. The parameters are lichess's explorer's (fen, play,
 * speeds, ratings, since, until, moves, topGames, recentGames, and for
 * /player: player, color); unknown ones are ignored, as lichess ignores
 * them.
 */

enum explorer_route {
    ROUTE_NONE,    /* no such route: 404 */
    ROUTE_PAGE,    /* "/": the explorer page */
    ROUTE_MASTERS, /* "/masters" */
    ROUTE_LICHESS, /* "/lichess" */
    ROUTE_PLAYER,  /* "/player" */
    ROUTE_GAME,    /* "/game/ID": a game's PGN */
};

struct explorer_param {
    const char *key, *value; /* NUL-terminated, decoded */
};

/* Lichess's rating groups and speeds, the bits of ratings and speeds: the first entries of
 * tree_rating_floor and tree_speed_names (stats/tree_buckets.h), the one table of both;
 * a speed's bit is its enum stats_speed (query/stats_tags.h). */
enum { EXPLORER_RATING_GROUPS = 9, EXPLORER_SPEEDS = 6 };

enum { EXPLORER_PLAY_MAX = 600, EXPLORER_VALUE_MAX = 4096, EXPLORER_NAME_MAX = 128 };

struct explorer_request {
    int route;               /* enum explorer_route */
    struct pos root;         /* fen (default the start position), then play */
    int moves;               /* moves listed at most (default 12) */
    int top_games, recent_games;
    unsigned ratings;        /* bit per rating group (tree_rating_floor); 0: every game */
    unsigned speeds;         /* bit per speed (tree_speed_names); 0: every game */
    int since, until;        /* months YYYYMM (a year alone: its first, its last); 0: none */
    uint64_t game;           /* ROUTE_GAME: its id */
    char player[EXPLORER_NAME_MAX]; /* ROUTE_PLAYER */
    int player_white;        /* ROUTE_PLAYER: color=white (else black) */
};

/**
 * Reads path (without the query) and params[0..n) into *rq. Returns 200, or
 * the HTTP status of the refusal, 404 (no such route) or 400 (a bad
 * parameter), with why (cap bytes, NUL-terminated) saying what, lowercase
 * with the subject quoted.
 */
int explorer_request_parse(struct explorer_request *rq, const char *path,
                           const struct explorer_param *params, size_t n, char *why, size_t cap);

/**
 * 1 when the game tg is within rq's ratings, speeds, since and until: the
 * one place that filters the explorer's games, for serve and for stats'
 * lichess format alike. A filter on ratings or dates leaves out the games
 * without them. speeds reads tg's speed (stats_speed(): lichess's classes
 * of the TimeControl tag); a game without a readable TimeControl is taken
 * as classical, as lichess's masters explorer holds over-the-board games
 * that are classical. since and until compare the months the Date may
 * mean (stats_months()): the game is in when all of them are, so a date
 * without its month ("2019.??.??") is in only when since starts a year and
 * until ends one.
 */
int explorer_request_admits(const struct explorer_request *rq, const struct index_tree_game *tg);

/**
 * 1 when explorer_request_admits() takes every game of a tree request: no
 * player and no filter that leaves a game out. Then the tree may be told by
 * the counts per position (index_counts.h), which know no single game's
 * rating or year. Keep it next to explorer_request_admits(): a new filter
 * there must be here too.
 */
int explorer_request_takes_all(const struct explorer_request *rq);

#endif
