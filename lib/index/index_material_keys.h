/* index_material_keys.h - the material keys: per chunk of games, which games ever hold each material. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_INDEX_MATERIAL_KEYS_H
#define LIB_INDEX_MATERIAL_KEYS_H

#include <stdint.h>
#include "chess/material.h"
#include "index/index_material.h"
#include "index/index_positions.h"

/*
 * The position index holds the first INDEX_WALK_PLIES plies of each game;
 * a position later in a game is found through its material instead. A
 * game can hold a position only at a ply where it has the position's
 * material with the position's side to move, and material changes a few
 * times a game, so the games that ever have a given material are few when
 * the material is an endgame's.
 *
 * A material's key is its signature, the ten counts of struct material
 * (kings left out: one each), a nibble each, under a row number:
 *
 *   bits  0-19  White's pawns, knights, bishops, rooks, queens (4 bits each)
 *   bits 20-39  Black's, in the same order
 *   bit  40     MATERIAL_KEY_UNSURE: the key of the games whose material or
 *               record the build could not tell (only the scan decides
 *               them, so every question through the keys reads them)
 *   bits 56-63  the row: a hash of bits 0-40 into MATERIAL_KEY_ROWS rows
 *
 * Only materials of at most MATERIAL_KEY_MEN men besides the kings have keys:
 * the opening's materials, which nearly every game has, would take about a
 * third more bytes (measured on the benchmark file with 24 men) and
 * select nothing; positions of more men go the way of the position index.
 *
 * The table game_material_keys has the layout of game_positions
 * (index_positions.h): per chunk of INDEX_CHUNK_GAMES games of a source, a
 * row per row number that holds keys, and the directory row that names
 * them; a key's postings are its games, each with a byte of sides:
 * MK_WHITE when the game has the material with White to move, MK_BLACK
 * with Black to move (both for MATERIAL_KEY_UNSURE). A query reads the rows of
 * two keys and the directory per chunk: some KB, whatever the chunk holds.
 *
 * Every ply of the main line counts, the first INDEX_WALK_PLIES too, so
 * that a game missing from the postings of a material never has it: the
 * keys alone rule the game out, whatever the position index says.
 */
enum { MK_WHITE = 1, MK_BLACK = 2, MATERIAL_KEY_MEN = 20, MATERIAL_KEY_ROWS = 64 };

static const uint64_t MATERIAL_KEY_UNSURE = 1ull << 40;
static const uint64_t MATERIAL_KEY_NONE = ~0ull; /* a material without a key */

/** Key (bits 0-40) with its row number in bits 56-63. */
static inline uint64_t material_key_with_row(uint64_t key)
{
    /* Fibonacci hashing: the top bits of the product mix every bit of the key. */
    uint64_t row = (key * 0x9e3779b97f4a7c15ull) >> 58;
    _Static_assert(MATERIAL_KEY_ROWS == 64, "the shift above takes 6 bits");
    return row << 56 | key;
}

/**
 * The key of material m (its row number included), or MATERIAL_KEY_NONE when a
 * count does not fit its nibble or m has more than MATERIAL_KEY_MEN men
 * besides the kings.
 */
uint64_t material_key_of(const struct material *m);

/**
 * Adds the keys of one game (place game in its chunk) to p, as postings
 * whose ply field holds the sides: those of its material runs m, or
 * MATERIAL_KEY_UNSURE when unsure is set or m's runs are not known. A game
 * that is no game (IR_EMPTY) adds nothing: the caller leaves it out.
 * PGN_OK or PGN_ENOMEM.
 */
int material_keys_add_game(struct index_postings *p, uint16_t game, const struct index_material *m,
                        int unsure);

#endif
