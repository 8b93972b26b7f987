/* explorer_tree.h - the next moves of a position as the lichess opening explorer counts them. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_EXPLORER_TREE_H
#define LIB_EXPLORER_TREE_H

#include <stddef.h>
#include <stdint.h>
#include "index/index_tree.h"
#include "pgn/game.h"

/*
 * One aggregate for every way pgnkit answers as the lichess explorer does
 * (the stats tree in lichess's format over files or databases, the explorer
 * server):
 * each game that reaches the root is handed to explorer_tree_add() once,
 * with its number, and the tree keeps per next move the results, the rating
 * sums behind averageRating and performance, the one game when there is
 * only one, and the best rated and latest games for topGames/recentGames.
 *
 * Counts are of decided games only (1-0, 0-1, 1/2-1/2), as lichess has no
 * other; a game without a result reaches the root but is not counted.
 *
 * Game numbers are the callers': a file's game number in its input (struct
 * game's index, the number search and the game field of where expressions
 * give), a database's game number (pgnkit_db_game_pgn()).
 */

enum { EXPLORER_GAMES_MAX = 15 }; /* topGames/recentGames at most (lichess's masters cap) */

/* A game listed in topGames, recentGames or a move's game. */
struct explorer_game {
    uint64_t number;
    uint16_t move;          /* the move it played at the root (move16), 0: none */
    int result;             /* enum pgn_result */
    int white_elo, black_elo, year; /* 0: none */
    char white[64], black[64]; /* names; "" until told (explorer_game_names) */
    char month[8];          /* "YYYY-MM", "" when not known */
};

struct explorer_move {
    uint16_t move;          /* move16 */
    uint64_t white, draws, black;
    uint64_t rating_sum, rating_n;  /* the players' mean rating, of games with both */
    uint64_t opp_sum, opp_n;        /* the opponents' ratings (of for_white's side) */
    uint64_t first;         /* number of the first game counted (the one when only one) */
    struct explorer_game one; /* that game */
};

struct explorer_tree {
    uint64_t white, draws, black;
    struct explorer_move *moves;
    size_t n, cap;
    int for_white;          /* performance and opponents are White's (else Black's) */
    int top_want, recent_want; /* games to keep (0 .. EXPLORER_GAMES_MAX) */
    struct explorer_game top[EXPLORER_GAMES_MAX], recent[EXPLORER_GAMES_MAX];
    size_t ntop, nrecent;
};

/**
 * An empty tree whose performance is White's (for_white 1) or Black's: the
 * mover's at the root for a tree, the player's for a player's games. Keeps
 * top_want best rated and recent_want latest games (at most
 * EXPLORER_GAMES_MAX each).
 */
void explorer_tree_init(struct explorer_tree *t, int for_white, int top_want, int recent_want);

/** Frees what t holds. */
void explorer_tree_release(struct explorer_tree *t);

/**
 * Counts game number as tg (of this tree's root) tells it: a game that
 * does not reach the root, or has no decided result, is not counted. g
 * (NULL: not at hand) gives the names and month of a game kept for a
 * list; without it they are left for explorer_game_set_tags(). PGN_OK or
 * PGN_ENOMEM.
 */
int explorer_tree_add(struct explorer_tree *t, const struct index_tree_game *tg, uint64_t number,
                      const struct game *g);

/**
 * Counts the games of c, an entry of a position's counts (index_counts.h)
 * at this tree's root, whose lowest decided game is number first (0: none)
 * in the caller's numbering: as explorer_tree_add() of each of those games
 * would, except that the lists and a move's one game are left to
 * explorer_tree_offer() (the counts do not know them), and the counts
 * have no opponents' ratings: such a tree has no performance. PGN_OK or
 * PGN_ENOMEM.
 */
int explorer_tree_add_count(struct explorer_tree *t, const struct index_count *c, uint64_t first);

/**
 * Offers the game tg, number (g as for explorer_tree_add()), which counts
 * added by explorer_tree_add_count() hold already, to the lists of best
 * rated and latest games, and as its move's one game when it is that
 * move's first. Offering every game a list may take keeps the lists what
 * explorer_tree_add() of every game gives; offering others changes nothing.
 */
void explorer_tree_offer(struct explorer_tree *t, const struct index_tree_game *tg,
                         uint64_t number, const struct game *g);

/** Sets e's names and month from the White, Black and Date tags of g. */
void explorer_game_set_tags(struct explorer_game *e, const struct game *g);

/** Adds s into d (same root and wants): PGN_OK or PGN_ENOMEM. */
int explorer_tree_merge(struct explorer_tree *d, const struct explorer_tree *s);

/** Sorts the moves most played first (ties by move16 value), as the tree reports do. */
void explorer_tree_sort(struct explorer_tree *t);

/** Games of a move (white + draws + black). */
uint64_t explorer_move_games(const struct explorer_move *m);

/**
 * The mean rating of a game's players for the rating filters and the
 * ordering of topGames: the mean of both when both are known, else 0.
 */
int explorer_game_rating(int white_elo, int black_elo);

#endif
