/* clear_record.h - zeroing or copying a small record once per game without rep stos / rep movs. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_CLEAR_RECORD_H
#define LIB_CLEAR_RECORD_H

#include "base/compiler.h"
#include <string.h>

/*
 * Clears the n bytes at p (n a constant) in parts of at most 64 bytes,
 * which GCC writes as a few vector stores each: one memset() of more it
 * writes as rep stos, whose start costs about as much as the stores. For
 * the records cleared once per game.
 */
static inline ALWAYS_INLINE void clear_record(void *p, size_t n)
{
    for (size_t at = 0; at < n; at += 64)
        memset((char *)p + at, 0, n - at < 64 ? n - at : 64);
}

/* The same for a copy of n bytes (a constant) from src to dst, which do not overlap:
 * a struct assignment of more than 64 bytes becomes rep movs. */
static inline ALWAYS_INLINE void copy_record(void *restrict dst,
                                             const void *restrict src, size_t n)
{
    for (size_t at = 0; at < n; at += 64)
        memcpy((char *)dst + at, (const char *)src + at, n - at < 64 ? n - at : 64);
}

#endif
