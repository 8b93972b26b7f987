/* test_index_build_sort.c - the build's radix sort of 64-bit numbers puts them in qsort's order. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "test.h"
#include "base/error.h"
#include "index/index_build_sort.h"

static int by_value(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* A generator of its own (xorshift), so that the numbers are the same on every run. */
static uint64_t next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Sorts n random numbers (only the bits of mask vary) both ways; 1 when the orders agree. */
static int agrees(size_t n, uint64_t mask, uint64_t seed)
{
    uint64_t *a = malloc((n + 1) * sizeof *a), *b = malloc((n + 1) * sizeof *b);
    if (!a || !b) {
        free(a);
        free(b);
        return 0;
    }
    for (size_t i = 0; i < n; i++)
        a[i] = b[i] = next(&seed) & mask;
    qsort(b, n, sizeof *b, by_value);
    int ok = index_sort_u64(a, n) == PGN_OK && (n == 0 || !memcmp(a, b, n * sizeof *a));
    free(a);
    free(b);
    return ok;
}

void test_index_build_sort__same_order_as_qsort(void)
{
    CHECK(agrees(0, ~0ull, 1));
    CHECK(agrees(1, ~0ull, 2));
    CHECK(agrees(2, ~0ull, 3));
    /* All bits random; the high ones alone (low digits equal: passes skipped);
     * a few values repeated many times; the game_keys shape: a field in the
     * top 6 bits, a small value, a game place in the low 16. */
    CHECK(agrees(40000, ~0ull, 4));
    CHECK(agrees(5000, 0xfff0000000000000ull, 5));
    CHECK(agrees(5000, 0x7, 6));
    CHECK(agrees(40000, 0xfc00000000ffffffull, 7));
}

void test_index_build_sort__already_sorted_and_reversed(void)
{
    enum { N = 3000 };
    uint64_t v[N];
    for (size_t i = 0; i < N; i++)
        v[i] = (uint64_t)i << 40 | 5;
    CHECK_EQ_INT(index_sort_u64(v, N), PGN_OK);
    int ok = 1;
    for (size_t i = 0; i < N; i++)
        ok &= v[i] == ((uint64_t)i << 40 | 5);
    CHECK(ok);
    for (size_t i = 0; i < N; i++)
        v[i] = (uint64_t)(N - 1 - i) * 0x9e3779b97f4a7c15ull;
    CHECK_EQ_INT(index_sort_u64(v, N), PGN_OK);
    ok = 1;
    for (size_t i = 1; i < N; i++)
        ok &= v[i - 1] <= v[i];
    CHECK(ok);
}
