/* zobrist.h - Polyglot-compatible Zobrist keys. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_ZOBRIST_H
#define LIB_ZOBRIST_H

#include <stdint.h>

extern const uint64_t zobrist_random[781];

/* Where the 64 keys of a piece of colour c and type t start (Polyglot's order:
 * black pawn, white pawn, black knight, ...); also zobrist_board's rows. */
#define ZOBRIST_ROW(c, t) (64 * (2 * (t) + ((c) ^ 1)))

/** Key of a piece of colour (0 white, 1 black) and type (0 pawn .. 5 king) on sq. */
static inline uint64_t zobrist_piece(int color, int type, int sq)
{
    return zobrist_random[ZOBRIST_ROW(color, type) + sq];
}
/*
 * The piece keys by board code ((color << 3) | (type + 1), as in
 * position.h): zobrist_board[pc][sq] == zobrist_piece(color, type, sq), and
 * 0 for an empty square (code 0), which adds nothing to the key.
 */
extern const uint64_t *const zobrist_board[16];

/** Key of castling right index 0 white O-O, 1 white O-O-O, 2 black O-O, 3 black O-O-O. */
static inline uint64_t zobrist_castle(int right) { return zobrist_random[768 + right]; }
/** Key of an en-passant file that has a capturing pawn beside the passed pawn. */
static inline uint64_t zobrist_ep(int file) { return zobrist_random[772 + file]; }
/** Key XORed in when White is to move. */
static inline uint64_t zobrist_white_to_move(void) { return zobrist_random[780]; }

#endif
