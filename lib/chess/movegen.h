/* movegen.h - legal move generation, game-end detection and perft. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_MOVEGEN_H
#define LIB_MOVEGEN_H

#include <stdint.h>
#include "chess/position.h"

struct movelist {
    int n;
    move16 moves[MAX_MOVES];
};

/** Fills list with every legal move of p (castling as king-takes-rook). Returns the count. */
int movegen_legal(const struct pos *p, struct movelist *list);

/** 1 if the side to move has at least one legal move (cheaper than a full list). */
int movegen_has_legal(const struct pos *p);

/**
 * Legal castling move of the side to move, kingside or not, or MOVE_NONE with
 * *why set to a static reason ("no castling right", "king in check", "path
 * blocked", "king would cross an attacked square" or "king would be in check").
 */
move16 movegen_castling(const struct pos *p, int kingside, const char **why);

/** movegen_castling() for a side to move that the caller knows is not in check. */
move16 movegen_castling_unchecked(const struct pos *p, int kingside);

enum game_state { STATE_ONGOING = 0, STATE_CHECKMATE, STATE_STALEMATE };
/** Checkmate, stalemate or neither, for the side to move. */
int movegen_state(const struct pos *p);

/**
 * Perft, the standard test of move generation: the number of legal move
 * sequences of depth plies from p (leaf nodes, bulk-counted at the last ply).
 */
uint64_t movegen_perft(const struct pos *p, int depth);

#endif
