/* array.c - growing a plain array the caller owns, by doubling. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
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
