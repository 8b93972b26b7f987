/* arena.h - bump allocator whose memory is reset per game (git mem-pool). */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_ARENA_H
#define LIB_ARENA_H

#include <stddef.h>
#include "base/compiler.h"
#include "base/error.h"

struct arena_chunk;

/*
 * Allocations are 16-byte aligned and live until arena_reset() or
 * arena_release(). At most cap bytes may be allocated between two resets;
 * beyond that arena_alloc() fails and sets err to PGN_ETOOBIG (PGN_ENOMEM
 * when malloc fails). The arena owns all its memory.
 */
struct arena {
    struct arena_chunk *chunks; /* newest first */
    char *ptr, *end;            /* free space of the newest chunk */
    size_t used;                /* bytes handed out since the last reset */
    size_t cap;
    int err; /* status of the last failure, PGN_OK if none since reset */
};

/** Empty arena with a cap; allocates nothing yet. */
void arena_init(struct arena *a, size_t cap);

/* Slow path of arena_alloc. */
void *arena_alloc_(struct arena *a, size_t n);

/** n bytes (16-aligned), or NULL with a->err set. */
static inline void *arena_alloc(struct arena *a, size_t n)
{
    n = (n + 15) & ~(size_t)15;
    if ((size_t)(a->end - a->ptr) >= n && a->cap - a->used >= n) {
        void *p = a->ptr;
        a->ptr += n;
        a->used += n;
        return p;
    }
    return arena_alloc_(a, n);
}

/** Copy of p[0..n) followed by a NUL, or NULL with a->err set. */
char *arena_memdup(struct arena *a, const void *p, size_t n);

/** printf into the arena, or NULL with a->err set. */
char *arena_printf(struct arena *a, const char *fmt, ...)
    PRINTF_LIKE(2, 3)
    ;

/** Forgets all allocations; keeps the largest chunk for reuse. */
void arena_reset(struct arena *a);

/** Frees all memory; the arena is empty and usable again. */
void arena_release(struct arena *a);

#endif
