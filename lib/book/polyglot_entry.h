/* polyglot_entry.h - the Polyglot opening book format: 16-byte entries, their moves, lookups. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_POLYGLOT_ENTRY_H
#define LIB_POLYGLOT_ENTRY_H

#include <stddef.h>
#include <stdint.h>
#include "chess/position.h"

/*
 * A Polyglot book is a file of 16-byte entries, every number big-endian,
 * sorted by key so that a reader finds a position by binary search:
 *
 *   bytes 0-7    key     the position's Polyglot key (chess/zobrist.h)
 *   bytes 8-9    move    see below
 *   bytes 10-11  weight  how often to play it, relative to the position's other moves
 *   bytes 12-15  learn   0 when written; engines may keep data there
 *
 * A move in 16 bits:
 *
 *   15 | 14 13 12 | 11 10 9 8 7 6 | 5 4 3 2 1 0
 *    0 |  promo   |     from      |     to
 *
 *   squares a1 = 0 .. h8 = 63 as in position.h; promo 0 none, 1 knight,
 *   2 bishop, 3 rook, 4 queen. Castling is "king takes own rook" (e1h1 for
 *   White's O-O), which is move16's own form, and an en-passant capture is
 *   the pawn's move to the square it passes. The key hashes the en-passant
 *   file only when a pawn of the side to move stands beside the passed pawn,
 *   as struct pos's key does.
 */
enum { POLYGLOT_ENTRY_SIZE = 16 };

struct polyglot_entry {
    uint64_t key;
    uint16_t move;
    uint16_t weight;
    uint32_t learn;
};

/** Writes e as its 16 bytes into out. */
void polyglot_entry_put(uint8_t out[POLYGLOT_ENTRY_SIZE], const struct polyglot_entry *e);

/** Reads the 16 bytes of an entry at in into *e. */
void polyglot_entry_get(const uint8_t in[POLYGLOT_ENTRY_SIZE], struct polyglot_entry *e);

/**
 * The Polyglot spelling of move m (castling as king takes rook): the one
 * place that turns pgnkit's moves into a book's, for writing and reading.
 */
uint16_t polyglot_move_of(move16 m);

/**
 * The legal move of p that a book writes as book_move, or MOVE_NONE when no
 * legal move of p is written so (a book made for another position that has
 * the same key, or a damaged entry).
 */
move16 polyglot_move_in(const struct pos *p, uint16_t book_move);

/**
 * Whether len bytes can be a book: PGN_OK, or PGN_EFORMAT when len is not
 * a whole number of entries (a truncated or foreign file).
 */
int polyglot_book_check(size_t len);

/**
 * The entries of key in the book data[0 .. n * 16): returns the index of
 * the first and stores their number in *count (0 when the book has none).
 * The book must be sorted by key, as every Polyglot book is.
 */
size_t polyglot_book_find(const uint8_t *data, size_t n, uint64_t key, size_t *count);

#endif
