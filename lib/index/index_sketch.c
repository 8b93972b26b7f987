/* index_sketch.c - a count-min sketch of how many games hold each 64-bit key. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include "base/array.h"
#include "base/error.h"
#include "index/index_sketch.h"
#include "base/banned.h"

int index_sketch_init(struct index_sketch *s, uint64_t keys)
{
    s->bits = INDEX_SKETCH_MIN_BITS;
    while (s->bits < INDEX_SKETCH_MAX_BITS && ((uint64_t)2 << s->bits) < keys)
        s->bits++;
    s->cells = array_zeroed((size_t)2 << s->bits, 1); /* read before written */
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
        uint8_t *c = index_sketch_cell(s, key, row);
        *c = (uint8_t)(*c + games < 255 ? *c + games : 255);
    }
}

int index_sketch_rare(const struct index_sketch *s, uint64_t key, unsigned min)
{
    return *index_sketch_cell(s, key, 0) < min || *index_sketch_cell(s, key, 1) < min;
}
