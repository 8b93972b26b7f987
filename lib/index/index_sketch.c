/* index_sketch.c - a count-min sketch of how many games hold each 64-bit key. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include "base/error.h"
#include "index/index_sketch.h"
#include "base/banned.h"

static uint8_t *cell(const struct index_sketch *s, uint64_t key, int row)
{
    uint64_t h = row ? key >> 40 : key; /* the key's bits are random: two unrelated slices */
    return s->cells + ((size_t)row << INDEX_SKETCH_BITS) + (h & ((1u << INDEX_SKETCH_BITS) - 1));
}

int index_sketch_init(struct index_sketch *s)
{
    s->cells = calloc((size_t)2 << INDEX_SKETCH_BITS, 1);
    return s->cells ? PGN_OK : PGN_ENOMEM;
}

void index_sketch_free(struct index_sketch *s)
{
    free(s->cells);
    s->cells = NULL;
}

void index_sketch_add(struct index_sketch *s, uint64_t key, unsigned games)
{
    for (int row = 0; row < 2; row++) {
        uint8_t *c = cell(s, key, row);
        *c = (uint8_t)(*c + games < 255 ? *c + games : 255);
    }
}

int index_sketch_rare(const struct index_sketch *s, uint64_t key, unsigned min)
{
    return *cell(s, key, 0) < min || *cell(s, key, 1) < min;
}
