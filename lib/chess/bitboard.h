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

/* Tables filled once by bb_init(), which lib_init() calls. */
extern bitboard bb_pawn_attacks[2][64];
/* Attacks of a piece type (KNIGHT..KING) on an empty board; the PAWN row is empty. */
extern bitboard bb_empty_attacks[PIECE_TYPE_NB][64];
/* Squares a piece of a colour and type on a square attacks on an empty board:
 * the pawn's two captures, nothing for a king (a king never gives check).
 * bb_checks[c][type][sq], rows of the two tables above. */
extern const bitboard *const bb_checks[2][PIECE_TYPE_NB];
/*
 * Lines and the squares between two squares, by index: for each pair of
 * squares an index into a table of sets, 0 (the empty set) when the squares
 * share no line (or nothing lies between them). 12 KB of indices and 4.5 KB
 * of sets instead of two 32 KB tables, which with the other tables of the
 * replay overflowed the level-1 data cache.
 *
 *   lines:   8 files, 8 ranks, 13 diagonals and 13 anti-diagonals of two
 *            squares or more
 *   between: one set per pair of squares on a line with a square or more
 *            between them: (n - 1) * (n - 2) / 2 on a line of n squares,
 *            16 * 21 + 2 * (2 * (1 + 3 + 6 + 10 + 15) + 21) in all
 */
enum { BB_LINE_NB = 1 + 8 + 8 + 13 + 13, BB_BETWEEN_NB = 1 + 16 * 21 + 2 * (2 * 35 + 21) };
extern bitboard bb_lines[BB_LINE_NB];
extern uint8_t bb_line_index[64][64];
extern bitboard bb_between_sets[BB_BETWEEN_NB];
extern uint16_t bb_between_index[64][64];

/** The whole board-edge-to-edge line through a and b, else 0. */
static inline bitboard bb_line(int a, int b) { return bb_lines[bb_line_index[a][b]]; }
/**
 * Squares strictly between a and b when they share a line, else 0. Give
 * first the square that recurs (a king's, a move's destination): its row
 * of the index then stays in the cache.
 */
static inline bitboard bb_between(int a, int b) { return bb_between_sets[bb_between_index[a][b]]; }

/** Bishop attacks from sq given the occupied squares occ (blockers included). */
bitboard bb_bishop_attacks(int sq, bitboard occ);
/** Rook attacks from sq given the occupied squares occ (blockers included). */
bitboard bb_rook_attacks(int sq, bitboard occ);
/** Squares attacked by a piece of the given type (not pawn) standing on sq. */
bitboard bb_piece_attacks(int type, int sq, bitboard occ);

/** Fills the attack and line tables; lib_init() calls it once, before anything reads them. */
void bb_init(void);

#endif
