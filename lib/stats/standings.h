/* standings.h - the games of each event as pairings: who met whom, in which round, with which result. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_STANDINGS_H
#define LIB_STANDINGS_H

#include <stddef.h>
#include <stdint.h>
#include "base/hash_table.h"
#include "pgn/game.h"
#include "pgn/pgn_reader.h"

/*
 * The games are grouped by their Event tag (a game without one belongs to
 * the event "?"). Each event keeps its players (by name, as spelled in the
 * White and Black tags) and its pairings in input order; tiebreak.h ranks
 * them and elo.h rates them.
 *
 * UNPLAYED GAMES. standings_unplayed() is the one place that decides
 * whether a game was played over the board; every report (standings,
 * crosstable, tie-breaks, Elo) asks it through standings_add_game():
 *   - a bye: the White or Black tag names no player ("BYE", "bye", "-" or
 *     empty); the other player gets the result's points and no opponent;
 *   - a forfeit: the Termination tag says "forfeit" (any case, anywhere
 *     in the value, as "Forfeit", "white forfeits", "Time forfeit" does
 *     not count: that is a game lost on time), or the result is decisive
 *     and the game has no moves (and no FEN start: a set-up position
 *     decided at once is a study, still a game);
 *   - anything else: played.
 * Games whose result is not known ("*" or none) are not pairings: they
 * are counted in skipped and nowhere else.
 *
 * ERRORS. PGN_OK, or PGN_ENOMEM (the standings keep what was added before).
 */

enum standings_unplayed {
    SU_PLAYED = 0,
    SU_FORFEIT, /* decided without play: the points count, the game does not */
    SU_BYE,     /* no opponent: the player's points from the result */
};

/* A player of one event. */
struct standings_player {
    const char *name; /* the hash table's copy, NUL-terminated */
    int rating;       /* the first Elo tag seen for the player; 0: unrated */
};

/*
 * One game of an event. Points are in half points (0, 1, 2) so that every
 * sum is exact; for a bye, white is the player and black is -1.
 */
struct standings_pairing {
    int round;          /* the Round tag's first number; 0 when it has none */
    int white, black;   /* indexes into the event's players */
    uint8_t white_half; /* White's half points: 0, 1 or 2 (a bye: the player's) */
    uint8_t unplayed;   /* enum standings_unplayed */
};

struct standings_event {
    const char *name; /* the hash table's copy */
    struct standings_player *players;
    size_t nplayers, players_cap;
    struct hash_table by_name; /* name -> index (size_t) */
    struct standings_pairing *pairings;
    size_t npairings, pairings_cap;
};

struct standings {
    struct standings_event **events; /* in order of first appearance */
    size_t nevents, events_cap;
    struct hash_table by_name; /* event name -> index (size_t) */
    int64_t skipped;           /* games with no known result */
    int pool;                  /* 1: every game in one event, "*", whatever its Event tag */
};

/** Empty standings; allocates nothing yet. */
void standings_init(struct standings *s);

/** Frees what s holds; s is empty and usable again. */
void standings_release(struct standings *s);

/**
 * Whether g was played, is a forfeit or a bye (see UNPLAYED GAMES), from
 * its tags and moves. A lazy game (GAME_LAZY) has no moves yet: it is
 * taken as played unless its tags say otherwise (standings_add_game()
 * completes it first when the moves decide).
 */
enum standings_unplayed standings_unplayed(const struct game *g);

/** 1 when name (len bytes) stands for no player: a bye's opponent. */
int standings_is_bye_name(const char *name, size_t len);

/**
 * Adds one game of event (NULL: "?") between white and black with result
 * (enum pgn_result), in round (0: unknown), with the players' Elo (0:
 * none) and unplayed (enum standings_unplayed). A result that is not a
 * win, draw or loss counts in s->skipped. For SU_BYE, one of the names is
 * the bye's (standings_is_bye_name) and the other is the player's. A
 * game with no player or one player on both sides counts in skipped.
 */
int standings_add(struct standings *s, const char *event, const char *white, const char *black,
                  int result, int round, int white_elo, int black_elo, int unplayed);

/**
 * Adds g by its tags, as standings_add(). A lazy game (GAME_LAZY) is
 * completed with reader only when its moves decide (a decisive result
 * whose tags do not already say forfeit or bye): PGN_OK, PGN_ENOMEM, or
 * the reader's error.
 */
int standings_add_game(struct standings *s, struct game *g, struct pgn_reader *reader);

/** The first number of a Round tag value ("3", "3.1" give 3); 0 when it has none. */
int standings_round_of(const char *value);

#endif
