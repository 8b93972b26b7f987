/* test_array.c - the plain arrays' helpers: a zeroed table is zero, an impossible size is refused. */
/* SPDX-License-Identifier: MIT */
#include <stdint.h>
#include <stdlib.h>
#include "test.h"
#include "base/array.h"

/* Memory freed dirty and asked for again (the allocator hands back the
 * block just freed) must come back all zero. */
void test_array__zeroed_is_zero(void)
{
    enum { N = 512 };
    for (int round = 0; round < 4; round++) {
        uint64_t *dirty = malloc(N * sizeof *dirty);
        CHECK(dirty != NULL);
        /* Written through volatile: a fill freed at once is otherwise
         * left out by the compiler. */
        volatile uint64_t *fill = dirty;
        for (size_t i = 0; fill && i < N; i++)
            fill[i] = UINT64_MAX;
        free(dirty);
        uint64_t *t = array_zeroed(N, sizeof *t);
        CHECK(t != NULL);
        size_t nonzero = 0;
        for (size_t i = 0; t && i < N; i++)
            nonzero += t[i] != 0;
        CHECK_EQ_INT(nonzero, 0);
        free(t);
    }
}

void test_array__zeroed_refuses_an_overflowing_size(void)
{
    CHECK(array_zeroed(SIZE_MAX / 2 + 2, 2) == NULL);
    void *empty = array_zeroed(0, 8);
    CHECK(empty != NULL); /* nothing asked, still something to free() */
    free(empty);
}
