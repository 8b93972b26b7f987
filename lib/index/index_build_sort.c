/* index_build_sort.c - sorting the 64-bit numbers a build makes by the thousand: a radix sort. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "base/error.h"
#include "index/index_build_sort.h"
#include "base/banned.h"

/*
 * Least significant digit first, 11 bits a digit (six passes; each pass's
 * counts fit the first-level cache), each pass stable, so the numbers end
 * up in order. A digit that is the same in every number (the high bits of
 * small numbers, often) costs its count and no pass.
 */
enum { DIGIT_BITS = 11, DIGITS = (64 + DIGIT_BITS - 1) / DIGIT_BITS };

static inline unsigned digit(uint64_t x, int d)
{
    return (unsigned)(x >> (DIGIT_BITS * d)) & ((1u << DIGIT_BITS) - 1);
}

int index_radix_starts(uint32_t *c, unsigned buckets, size_t n, unsigned one_digit)
{
    if (c[one_digit] == n)
        return 0;
    uint32_t at = 0;
    for (unsigned b = 0; b < buckets; b++) {
        uint32_t k = c[b];
        c[b] = at;
        at += k;
    }
    return 1;
}

int index_sort_u64(uint64_t *v, size_t n)
{
    if (n < 2)
        return PGN_OK;
    uint64_t *spare = malloc(n * sizeof *spare);
    if (!spare)
        return PGN_ENOMEM;
    uint32_t count[DIGITS][1u << DIGIT_BITS]; /* 48 KB */
    memset(count, 0, sizeof count);
    for (size_t i = 0; i < n; i++)
        for (int d = 0; d < DIGITS; d++)
            count[d][digit(v[i], d)]++;
    uint64_t *from = v, *to = spare;
    for (int d = 0; d < DIGITS; d++) {
        uint32_t *c = count[d];
        if (!index_radix_starts(c, 1u << DIGIT_BITS, n, digit(from[0], d)))
            continue;
        for (size_t i = 0; i < n; i++)
            to[c[digit(from[i], d)]++] = from[i];
        uint64_t *t = from;
        from = to;
        to = t;
    }
    if (from != v)
        memcpy(v, from, n * sizeof *v);
    free(spare);
    return PGN_OK;
}
