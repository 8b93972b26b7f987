/* test_index_sketch.c - the count-min sketch: never too few, sized by the keys it is to count. */
/* SPDX-License-Identifier: MIT */
#include <stdint.h>
#include "test.h"
#include "base/error.h"
#include "index/index_sketch.h"

/* Keys with random bits, as Zobrist keys have (splitmix64). */
static uint64_t next_key(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* A key added min times is never rare, however crowded the sketch. */
void test_index_sketch__never_counts_too_few(void)
{
    struct index_sketch s;
    CHECK_EQ_INT(index_sketch_init(&s, 1000), PGN_OK); /* far too small for what comes */
    uint64_t state = 1;
    for (int i = 0; i < 300000; i++)
        index_sketch_add(&s, next_key(&state), 1);
    uint64_t often = 2;
    size_t wrong = 0;
    for (int i = 0; i < 1000; i++) {
        uint64_t key = next_key(&often);
        for (int k = 0; k < 8; k++)
            index_sketch_add(&s, key, 1);
        wrong += index_sketch_rare(&s, key, 8);
    }
    CHECK_EQ_INT(wrong, 0);
    index_sketch_free(&s);
}

/* Sized for the keys it counts, the sketch tells almost every key of one
 * game from the frequent ones (a sketch of fixed small size would pass most
 * of them), and keeps to its bound for a huge source. */
void test_index_sketch__sized_by_its_keys(void)
{
    enum { KEYS = 2000000 };
    struct index_sketch s;
    CHECK_EQ_INT(index_sketch_init(&s, KEYS), PGN_OK);
    uint64_t state = 7;
    for (int i = 0; i < KEYS; i++)
        index_sketch_add(&s, next_key(&state), 1);
    state = 7;
    size_t passed = 0;
    for (int i = 0; i < KEYS; i++)
        passed += !index_sketch_rare(&s, next_key(&state), 8);
    CHECK(passed < KEYS / 1000);
    index_sketch_free(&s);

    CHECK_EQ_INT(index_sketch_init(&s, UINT64_C(1) << 40), PGN_OK);
    CHECK(s.bits == INDEX_SKETCH_MAX_BITS); /* 16 MiB, not a counter for every two keys */
    index_sketch_free(&s);
}
