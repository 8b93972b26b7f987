/* explorer_request.c - a request to the explorer server, read from its path and parameters. */
/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/ascii.h"
#include "explorer/explorer_request.h"
#include "explorer/explorer_tree.h"
#include "notation/uci.h"
#include "query/stats_tags.h"
#include "stats/tree_buckets.h"
#include "base/banned.h"

static int refuse(char *why, size_t cap, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, cap, fmt, ap);
    va_end(ap);
    return status;
}

/* 1 when all of s is a whole number from lo to hi, into *out; else 0. */
static int whole_number(const char *s, long lo, long hi, long *out)
{
    if (!ascii_is_digit(*s))
        return 0;
    long v = 0;
    for (; ascii_is_digit(*s); s++) {
        v = v * 10 + (*s - '0');
        if (v > hi)
            return 0;
    }
    if (*s || v < lo)
        return 0;
    *out = v;
    return 1;
}

/* The next comma-separated item of *s into [*item, *item + *len); 0 at the end. */
static int next_item(const char **s, const char **item, size_t *len)
{
    if (!**s)
        return 0;
    *item = *s;
    const char *c = strchr(*s, ',');
    *len = c ? (size_t)(c - *s) : strlen(*s);
    *s = c ? c + 1 : *s + *len;
    return 1;
}

static int read_ratings(unsigned *bits, const char *v, char *why, size_t cap)
{
    const char *item;
    size_t len;
    while (next_item(&v, &item, &len)) {
        char t[16];
        long r = -1;
        if (len < sizeof t) {
            memcpy(t, item, len);
            t[len] = '\0';
            if (!whole_number(t, 0, 4000, &r))
                r = -1;
        }
        int k = EXPLORER_RATING_GROUPS;
        while (--k >= 0 && tree_rating_floor[k] != r)
            ;
        if (k < 0)
            return refuse(why, cap, 400, "ratings: '%.*s' is not a rating group (0, 1000, 1200, "
                          "1400, 1600, 1800, 2000, 2200, 2500)", (int)(len > 32 ? 32 : len), item);
        *bits |= 1u << k;
    }
    return 200;
}

static int read_speeds(unsigned *bits, const char *v, char *why, size_t cap)
{
    const char *item;
    size_t len;
    while (next_item(&v, &item, &len)) {
        int k = EXPLORER_SPEEDS;
        while (--k >= 0 && (strlen(tree_speed_names[k]) != len ||
                            memcmp(tree_speed_names[k], item, len)))
            ;
        if (k < 0)
            return refuse(why, cap, 400, "speeds: '%.*s' is not a speed (ultraBullet, bullet, "
                          "blitz, rapid, classical, correspondence)", (int)(len > 32 ? 32 : len),
                          item);
        *bits |= 1u << k;
    }
    return 200;
}

/*
 * "YYYY-MM" (lichess's form) or "YYYY" as a month YYYYMM: a year alone is its
 * first month for since and its last for until (last set), so that it
 * takes the whole year either way.
 */
static int read_month(int *month, int last, const char *key, const char *v, char *why,
                      size_t cap)
{
    long y, m = last ? 12 : 1;
    char t[5];
    size_t n = strlen(v);
    int form = n == 4 || (n == 7 && v[4] == '-' && ascii_is_digit(v[5]) && ascii_is_digit(v[6]));
    if (form && n == 7)
        m = (v[5] - '0') * 10 + (v[6] - '0');
    if (form && m >= 1 && m <= 12 &&
        (memcpy(t, v, 4), t[4] = '\0', whole_number(t, 1, 9999, &y))) {
        *month = (int)(y * 100 + m);
        return 200;
    }
    return refuse(why, cap, 400, "%s: '%.32s' is not a month (YYYY-MM) or a year", key, v);
}

static int read_play(struct pos *p, const char *v, char *why, size_t cap)
{
    const char *item;
    size_t len;
    int plies = 0;
    while (next_item(&v, &item, &len)) {
        if (++plies > EXPLORER_PLAY_MAX)
            return refuse(why, cap, 400, "play: more than %d moves", EXPLORER_PLAY_MAX);
        move16 m = len <= 5 ? uci_parse(p, item, (int)len) : MOVE_NONE;
        if (m == MOVE_NONE)
            return refuse(why, cap, 400, "play: '%.*s' is not a legal move here",
                          (int)(len > 16 ? 16 : len), item);
        pos_play(p, m);
    }
    return 200;
}

static int read_count(int *out, const char *key, const char *v, long hi, char *why, size_t cap)
{
    long n;
    if (!whole_number(v, 0, 1000000, &n))
        return refuse(why, cap, 400, "%s: '%.32s' is not a number", key, v);
    *out = (int)(n > hi ? hi : n);
    return 200;
}

static int route_of(const char *path, uint64_t *game)
{
    if (!strcmp(path, "/"))
        return ROUTE_PAGE;
    if (!strcmp(path, "/masters"))
        return ROUTE_MASTERS;
    if (!strcmp(path, "/lichess"))
        return ROUTE_LICHESS;
    if (!strcmp(path, "/player"))
        return ROUTE_PLAYER;
    long n;
    if (!strncmp(path, "/game/", 6) && whole_number(path + 6, 1, 2000000000000L, &n)) {
        *game = (uint64_t)n;
        return ROUTE_GAME;
    }
    return ROUTE_NONE;
}

int explorer_request_parse(struct explorer_request *rq, const char *path,
                           const struct explorer_param *params, size_t n, char *why, size_t cap)
{
    memset(rq, 0, sizeof *rq);
    why[0] = '\0';
    rq->route = route_of(path, &rq->game);
    if (rq->route == ROUTE_NONE)
        return refuse(why, cap, 404, "no such route '%.64s'", path);
    pos_set_start(&rq->root);
    rq->moves = 12;
    rq->top_games = rq->route == ROUTE_MASTERS ? 15 : 4;
    rq->recent_games = rq->route == ROUTE_MASTERS ? 0 : 4;
    const char *fen = NULL, *play = NULL, *color = NULL;
    int have_player = 0;
    for (size_t i = 0; i < n; i++) {
        const char *k = params[i].key, *v = params[i].value ? params[i].value : "";
        int st = 200;
        if (strlen(v) > EXPLORER_VALUE_MAX)
            return refuse(why, cap, 400, "%.32s: longer than %d bytes", k, EXPLORER_VALUE_MAX);
        if (!strcmp(k, "fen"))
            fen = v;
        else if (!strcmp(k, "play"))
            play = v;
        else if (!strcmp(k, "ratings") || !strcmp(k, "ratings[]"))
            st = read_ratings(&rq->ratings, v, why, cap);
        else if (!strcmp(k, "speeds") || !strcmp(k, "speeds[]"))
            st = read_speeds(&rq->speeds, v, why, cap);
        else if (!strcmp(k, "since"))
            st = read_month(&rq->since, 0, k, v, why, cap);
        else if (!strcmp(k, "until"))
            st = read_month(&rq->until, 1, k, v, why, cap);
        else if (!strcmp(k, "moves"))
            st = read_count(&rq->moves, k, v, 1000, why, cap);
        else if (!strcmp(k, "topGames"))
            st = read_count(&rq->top_games, k, v, EXPLORER_GAMES_MAX, why, cap);
        else if (!strcmp(k, "recentGames"))
            st = read_count(&rq->recent_games, k, v, EXPLORER_GAMES_MAX, why, cap);
        else if (!strcmp(k, "player")) {
            if (!*v || strlen(v) >= sizeof rq->player)
                return refuse(why, cap, 400, "player: a name of 1 to %d bytes",
                              EXPLORER_NAME_MAX - 1);
            memcpy(rq->player, v, strlen(v) + 1);
            have_player = 1;
        } else if (!strcmp(k, "color"))
            color = v;
        if (st != 200)
            return st;
    }
    if (fen && *fen) {
        /* Lichess's links write the FEN's spaces as underscores. */
        char text[FEN_MAX + 1];
        size_t len = strlen(fen);
        if (len > FEN_MAX)
            return refuse(why, cap, 400, "fen: longer than %d bytes", FEN_MAX);
        for (size_t i = 0; i <= len; i++)
            text[i] = fen[i] == '_' ? ' ' : fen[i];
        enum fen_problem p;
        if (pos_from_fen(&rq->root, text, &p))
            return refuse(why, cap, 400, "fen: '%.100s': %s", fen, fen_problem_text(p));
    }
    if (play && *play) {
        int st = read_play(&rq->root, play, why, cap);
        if (st != 200)
            return st;
    }
    if (rq->route == ROUTE_PLAYER) {
        if (!have_player)
            return refuse(why, cap, 400, "player: missing (the player's name as the games spell it)");
        if (!color || (strcmp(color, "white") && strcmp(color, "black")))
            return refuse(why, cap, 400, "color: 'white' or 'black', not '%.32s'",
                          color ? color : "");
        rq->player_white = !strcmp(color, "white");
    }
    if (rq->since && rq->until && rq->since > rq->until)
        return refuse(why, cap, 400, "since: after until");
    return 200;
}

int explorer_request_admits(const struct explorer_request *rq, const struct index_tree_game *tg)
{
    if (rq->ratings) {
        int r = explorer_game_rating(tg->white_elo, tg->black_elo), k = EXPLORER_RATING_GROUPS;
        if (!r)
            return 0;
        while (--k > 0 && r < tree_rating_floor[k])
            ;
        if (!(rq->ratings & 1u << k))
            return 0;
    }
    if (rq->speeds) {
        /* No readable TimeControl: over the board, as the masters' games are, so classical. */
        int speed = tg->speed == STATS_SPEED_UNKNOWN ? STATS_SPEED_CLASSICAL : tg->speed;
        if (!(rq->speeds & 1u << speed))
            return 0;
    }
    /* Every month the Date may mean must be inside: "2019.??.??" only for whole years. */
    if ((rq->since || rq->until) && !tg->month_first)
        return 0;
    if (rq->since && tg->month_first < rq->since)
        return 0;
    if (rq->until && tg->month_last > rq->until)
        return 0;
    return 1;
}

int explorer_request_takes_all(const struct explorer_request *rq)
{
    /* All six speeds take every game (one without a readable TimeControl is
     * classical); ratings, even all of them, leave out the games without
     * both ratings, and since/until those without a month. */
    unsigned every_speed = (1u << (STATS_SPEED_CORRESPONDENCE + 1)) - 1;
    return rq->route != ROUTE_PLAYER && !rq->ratings && !rq->since && !rq->until &&
           (!rq->speeds || (rq->speeds & every_speed) == every_speed);
}
