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
 * this sketch: two rows of 2^INDEX_SKETCH_BITS byte counters that stop at
 * 255, one indexed by the key's low bits, one by its high bits. Counters
 * only ever count too many (other keys share them), never too few, so a key
 * the sketch puts under the minimum is surely rarer and the second pass
 * skips it without looking further. The keys must have random bits (Zobrist
 * keys, or hashes that mix every bit). 16 MiB whatever the source.
 */
enum { INDEX_SKETCH_BITS = 23 };

struct index_sketch {
    uint8_t *cells; /* 2 << INDEX_SKETCH_BITS counters */
};

/** The counter of key in row (0 or 1) of s. */
static inline uint8_t *index_sketch_cell(const struct index_sketch *s, uint64_t key, int row)
{
    uint64_t h = row ? key >> 40 : key; /* the key's bits are random: two unrelated slices */
    return s->cells + ((size_t)row << INDEX_SKETCH_BITS) + (h & ((1u << INDEX_SKETCH_BITS) - 1));
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

/** An empty sketch into *s: PGN_OK or PGN_ENOMEM. */
int index_sketch_init(struct index_sketch *s);

/** Frees what s holds (a zeroed or freed sketch too). */
void index_sketch_free(struct index_sketch *s);

/** Adds games to key's count. */
void index_sketch_add(struct index_sketch *s, uint64_t key, unsigned games);

/** 1 when key surely has fewer than min games (min <= 255). */
int index_sketch_rare(const struct index_sketch *s, uint64_t key, unsigned min);

#endif
