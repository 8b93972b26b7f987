/* index_sketch.h - a count-min sketch of how many games hold each 64-bit key, in bounded memory. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_INDEX_SKETCH_H
#define LIB_INDEX_SKETCH_H

#include <stddef.h>
#include <stdint.h>
#include "base/compiler.h"

/*
 * The tree's counts and the path counts keep a row only for a key (a
 * position, a line of moves) that enough games of a source hold, and a
 * source holds millions of keys. A first pass adds every key's games to
 * this sketch: two rows of byte counters that stop at 255, one indexed by
 * the key's low bits, one by its high bits. Counters only ever count too
 * many (other keys share them), never too few, so a key the sketch puts
 * under the minimum is surely rarer and the second pass skips it without
 * looking further. The keys must have random bits (Zobrist keys, or hashes
 * that mix every bit).
 *
 * A row has a counter for every two keys the pass adds, so that a key of
 * one game rarely shares its counters with enough others to pass a minimum
 * of 8 in both rows (with two keys a counter on average, a counter holds 7
 * or more of them once in 200): a small source gets a sketch that the
 * cache holds, a big one at most 2^INDEX_SKETCH_MAX_BITS counters a row
 * (16 MiB in all), whatever its size.
 */
enum { INDEX_SKETCH_MIN_BITS = 16, INDEX_SKETCH_MAX_BITS = 23 };

struct index_sketch {
    uint8_t *cells; /* 2 << bits counters */
    unsigned bits;
};

/** The counter of key in row (0 or 1) of s. */
static inline uint8_t *index_sketch_cell(const struct index_sketch *s, uint64_t key, int row)
{
    uint64_t h = row ? key >> 40 : key; /* the key's bits are random: two unrelated slices */
    return s->cells + ((size_t)row << s->bits) + (h & (((size_t)1 << s->bits) - 1));
}

/**
 * Starts loading key's two counters into the cache. Each is a likely cache
 * miss (the sketch is far bigger than the cache): a caller that knows its
 * next keys asks for them ahead, so that the misses overlap instead of
 * coming one after another.
 */
static inline void index_sketch_prefetch(const struct index_sketch *s, uint64_t key)
{
    PREFETCH(index_sketch_cell(s, key, 0));
    PREFETCH(index_sketch_cell(s, key, 1));
}

/**
 * An empty sketch into *s, sized for a pass that adds about keys keys
 * (repeats included: the sum of the games index_sketch_add() is given).
 * PGN_OK or PGN_ENOMEM.
 */
int index_sketch_init(struct index_sketch *s, uint64_t keys);

/** Frees what s holds (a zeroed or freed sketch too). */
void index_sketch_free(struct index_sketch *s);

/** Adds games to key's count. */
void index_sketch_add(struct index_sketch *s, uint64_t key, unsigned games);

/** 1 when key surely has fewer than min games (min <= 255). */
int index_sketch_rare(const struct index_sketch *s, uint64_t key, unsigned min);

#endif
