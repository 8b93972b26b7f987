/* array.h - growing a plain array the caller owns, by doubling. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_ARRAY_H
#define LIB_ARRAY_H

#include <stddef.h>
#include <stdint.h>
#include "base/error.h"

/**
 * Makes *items, an array of *cap elements of size bytes each, hold at least
 * need of them: its capacity doubles from first (or from *cap when it has
 * one) until it is enough. The caller owns *items (free() it) and keeps the
 * count of elements in use itself. Returns PGN_OK, or PGN_ENOMEM with *items
 * and *cap unchanged.
 */
int array_reserve(void **items, size_t *cap, size_t need, size_t size, size_t first);

/**
 * Appends v to *items, an array of *n numbers in use out of *cap, grown as
 * array_reserve() grows it (from 64). PGN_OK, or PGN_ENOMEM with nothing
 * changed.
 */
int array_push_u64(uint64_t **items, size_t *n, size_t *cap, uint64_t v);

/**
 * As calloc(n, size), but every byte written now: for a big table whose
 * entries are read before they are first written (a sketch's counters, a
 * hash table's slots). calloc's pages are the kernel's shared zero page
 * until written, so such a page faults twice, and with another thread of
 * the process running its second fault interrupts that thread's core too
 * (to flush its view of the page). NULL when out of memory.
 */
void *array_zeroed(size_t n, size_t size);

/** Orders two uint64_t for qsort() and bsearch(): ascending. */
int array_cmp_u64(const void *a, const void *b);

#endif
