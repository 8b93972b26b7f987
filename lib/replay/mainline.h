/* mainline.h - the main line of a game as positions: a light replay for searches, resolved on demand. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_MAINLINE_H
#define LIB_MAINLINE_H

#include <stddef.h>
#include <stdint.h>
#include "pgn/game.h"
#include "chess/position.h"

/*
 * replay_game() checks everything about a game; searches only need the
 * positions of its main line, often only the first few. A mainline reads
 * the moves of vars[0] with the notation engine, one at a time and only as
 * far as asked, with the same start position (FEN, SetUp, Variant) and the
 * same language choice as replay_game(), so the moves are the same. It
 * checks nothing else and stops at the first move that does not resolve.
 *
 *   struct mainline ml;
 *   mainline_init(&ml, NOTATION_AUTO);
 *   mainline_reset(&ml, g);               // per game (g must not be lazy)
 *   struct ml_iter it;
 *   mainline_first(&ml, &it);             // it.pos: the start position, ply 0
 *   do look(&it.pos); while (mainline_next(&ml, &it) > 0);
 *   mainline_release(&ml);
 *
 * Moves once resolved are kept (moves[]), so a second walk over the same
 * game only plays them.
 */

enum mainline_status {
    ML_OK = 0,      /* the start position is set up */
    ML_BAD_FEN,     /* the FEN tag is not a legal position: no positions at all */
    ML_VARIANT,     /* a variant other than standard chess or Chess960: not replayed */
};

struct mainline {
    const struct game *g;
    int status;         /* enum mainline_status */
    int lang;           /* language of the moves (decided on the first move) */
    int chess960;
    struct pos start;
    uint32_t nmoves;    /* moves of the main line in the text */
    uint32_t nresolved; /* moves[0 .. nresolved) are known; MOVE_NONE for a null move */
    int failed;         /* move nresolved did not resolve (illegal, ambiguous, not a move) */
    const struct replay *seeded_by; /* mainline_seed() took moves[0 .. nseeded) from it */
    uint32_t nseeded;
    move16 *moves;

    /* workspace */
    size_t cap;
    int lang_opt; /* a notation.h id, or NOTATION_AUTO: decided per game */
};

struct ml_iter {
    struct pos pos; /* the position after ply moves */
    uint32_t ply;
};

/** Prepares m; lang is a notation.h id or NOTATION_AUTO. No allocation yet. */
void mainline_init(struct mainline *m, int lang);

/** Frees what m allocated. */
void mainline_release(struct mainline *m);

/**
 * Starts on game g (complete, not GAME_LAZY): sets up its start position
 * and forgets the moves of the previous game. Returns PGN_OK (see status)
 * or PGN_ENOMEM. g must stay valid while m is used on it.
 */
int mainline_reset(struct mainline *m, const struct game *g);

/** Sets it to the start position (ply 0). Only when status is ML_OK. */
void mainline_first(const struct mainline *m, struct ml_iter *it);

/**
 * Plays main-line move it->ply on it->pos, reading it on first use. Returns
 * 1 when it was played, 0 at the end of the main line or at a move that
 * does not resolve (then failed is 1), or PGN_ENOMEM.
 */
int mainline_next(struct mainline *m, struct ml_iter *it);

struct replay;

/**
 * Takes as resolved the main-line moves replay_game() already resolved
 * into r (on the same game, after mainline_reset()), so that they are not
 * read a second time: the main line stays what mainline_next() alone would
 * make of it. Nothing is taken when r started from another position or
 * read the moves in another language than m would; the taking stops
 * before the first move r may have read in the other of English and
 * German (its mixed-language repair, which m does not make): m reads on
 * from there itself.
 */
void mainline_seed(struct mainline *m, const struct replay *r);

/**
 * 1 when r, the replay of m's game, played the first n main-line moves
 * (n <= nresolved) from m's start as m does: taken from it by
 * mainline_seed() (not compared again), or read the same. 0 for a skipped
 * replay or a main line without a start position.
 */
int mainline_agrees(const struct mainline *m, const struct replay *r, uint32_t n);

/** Reads every move it can: returns PGN_OK or PGN_ENOMEM (then nresolved/failed tell how far). */
int mainline_resolve_all(struct mainline *m);

#endif
