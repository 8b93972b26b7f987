/* array.c - growing a plain array the caller owns, by doubling. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "base/array.h"
#include "base/banned.h"

int array_reserve(void **items, size_t *cap, size_t need, size_t size, size_t first)
{
    if (need <= *cap)
        return PGN_OK;
    size_t n = *cap ? *cap : first;
    while (n < need)
        n *= 2;
    void *p = realloc(*items, n * size);
    if (!p)
        return PGN_ENOMEM;
    *items = p;
    *cap = n;
    return PGN_OK;
}

void *array_zeroed(size_t n, size_t size)
{
    if (size && n > SIZE_MAX / size)
        return NULL;
    size_t bytes = n * size;
    void *p = malloc(bytes > 0 ? bytes : 1);
    if (p)
        memset(p, 0, bytes);
    return p;
}

int array_push_u64(uint64_t **items, size_t *n, size_t *cap, uint64_t v)
{
    void *p = *items;
    if (array_reserve(&p, cap, *n + 1, sizeof **items, 64))
        return PGN_ENOMEM;
    *items = p;
    (*items)[(*n)++] = v;
    return PGN_OK;
}

int array_cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}
