/* bitboard.h - 64-bit square sets, attack tables and slider attacks. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_BITBOARD_H
#define LIB_BITBOARD_H

#include <stdint.h>

/*
 * Squares are numbered a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63.
 * A bitboard has bit n set when square n belongs to the set.
 */
typedef uint64_t bitboard;

enum { SQ_NONE = 64 };
enum color { WHITE = 0, BLACK = 1 };
enum piece_type { PAWN = 0, KNIGHT, BISHOP, ROOK, QUEEN, KING, PIECE_TYPE_NB };

#define FILE_A_BB 0x0101010101010101ULL
#define RANK_1_BB 0x00000000000000FFULL

static inline int sq_file(int sq) { return sq & 7; }
static inline int sq_rank(int sq) { return sq >> 3; }
static inline int make_sq(int file, int rank) { return rank * 8 + file; }
static inline bitboard sq_bb(int sq) { return 1ULL << sq; }
static inline bitboard file_bb(int file) { return FILE_A_BB << file; }
static inline bitboard rank_bb(int rank) { return RANK_1_BB << (8 * rank); }
static inline int bb_lsb(bitboard b) { return __builtin_ctzll(b); }
static inline int bb_msb(bitboard b) { return 63 - __builtin_clzll(b); }
static inline int bb_count(bitboard b) { return __builtin_popcountll(b); }
static inline int bb_more_than_one(bitboard b) { return (b & (b - 1)) != 0; }
/** Removes and returns the lowest square of *b; *b must not be empty. */
static inline int bb_pop(bitboard *b)
{
    int sq = __builtin_ctzll(*b);
    *b &= *b - 1;
    return sq;
}

/* Tables filled once, before main(), by a constructor in bitboard.c. */
extern bitboard bb_knight_attacks[64];
extern bitboard bb_king_attacks[64];
extern bitboard bb_pawn_attacks[2][64];
/* Attacks of a piece type (KNIGHT..KING) on an empty board. */
extern bitboard bb_empty_attacks[PIECE_TYPE_NB][64];
/* Squares a piece of a colour and type on a square attacks on an empty board:
 * the pawn's two captures, nothing for a king (a king never gives check). */
extern bitboard bb_checks[2][PIECE_TYPE_NB][64];
/* Squares strictly between a and b when they share a line, else 0. */
extern bitboard bb_between[64][64];
/* The whole board-edge-to-edge line through a and b, else 0. */
extern bitboard bb_line[64][64];

/** Bishop attacks from sq given the occupied squares occ (blockers included). */
bitboard bb_bishop_attacks(int sq, bitboard occ);
/** Rook attacks from sq given the occupied squares occ (blockers included). */
bitboard bb_rook_attacks(int sq, bitboard occ);
/** Squares attacked by a piece of the given type (not pawn) standing on sq. */
bitboard bb_piece_attacks(int type, int sq, bitboard occ);

/** Forces table initialisation; only needed by code that runs before constructors. */
void bb_init(void);

#endif
