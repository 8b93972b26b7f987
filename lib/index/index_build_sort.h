/* index_build_sort.h - sorting the 64-bit numbers a build makes by the thousand: a radix sort. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_INDEX_BUILD_SORT_H
#define LIB_INDEX_BUILD_SORT_H

#include <stddef.h>
#include <stdint.h>

/**
 * Sorts v[0..n) (n < 2^32) ascending, as qsort() with a comparison of the numbers
 * would, in a few passes over them instead of n log n calls of a
 * comparison. Uses a scratch array of n numbers (malloc'd and freed
 * here). PGN_OK, or PGN_ENOMEM with v unchanged.
 */
int index_sort_u64(uint64_t *v, size_t n);

/**
 * One pass of a radix sort of n elements: turns the counts c[0..buckets)
 * of the pass's digit into the place each bucket's elements start at.
 * Returns 0 (c left as it was) when bucket one_digit, a digit of some
 * element, holds all n: the pass would move nothing.
 */
int index_radix_starts(uint32_t *c, unsigned buckets, size_t n, unsigned one_digit);

#endif
