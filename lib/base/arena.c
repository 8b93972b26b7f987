/* arena.c - bump allocator with a hard cap, reset per game. */
/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/arena.h"
#include "base/banned.h"

struct arena_chunk {
    struct arena_chunk *next;
    size_t size; /* usable bytes after the header */
    _Alignas(16) char data[];
};

enum { ARENA_MIN_CHUNK = 64 * 1024 };

void arena_init(struct arena *a, size_t cap)
{
    a->chunks = NULL;
    a->ptr = a->end = NULL;
    a->used = 0;
    a->cap = cap;
    a->err = PGN_OK;
}

void *arena_alloc_(struct arena *a, size_t n)
{
    if (a->cap - a->used < n) {
        a->err = PGN_ETOOBIG;
        return NULL;
    }
    if ((size_t)(a->end - a->ptr) < n) {
        size_t size = a->chunks ? a->chunks->size * 2 : ARENA_MIN_CHUNK;
        while (size < n)
            size *= 2;
        struct arena_chunk *c = malloc(sizeof *c + size);
        if (!c) {
            a->err = PGN_ENOMEM;
            return NULL;
        }
        c->next = a->chunks;
        c->size = size;
        a->chunks = c;
        a->ptr = c->data;
        a->end = c->data + size;
    }
    void *p = a->ptr;
    a->ptr += n;
    a->used += n;
    return p;
}

char *arena_memdup(struct arena *a, const void *p, size_t n)
{
    char *s = arena_alloc(a, n + 1);
    if (!s)
        return NULL;
    if (n)
        memcpy(s, p, n);
    s[n] = '\0';
    return s;
}

char *arena_printf(struct arena *a, const char *fmt, ...)
{
    char small[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        n = 0;
    char *s = arena_alloc(a, (size_t)n + 1);
    if (!s)
        return NULL;
    if ((size_t)n < sizeof small) {
        memcpy(s, small, (size_t)n + 1);
    } else {
        va_start(ap, fmt);
        vsnprintf(s, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    return s;
}

/* Frees chunk c and every one after it. */
static void free_chunks(struct arena_chunk *c)
{
    while (c) {
        struct arena_chunk *next = c->next;
        free(c);
        c = next;
    }
}

void arena_reset(struct arena *a)
{
    /* Chunks double in size, so the newest is the largest: keep only it. */
    struct arena_chunk *keep = a->chunks;
    if (keep) {
        free_chunks(keep->next);
        keep->next = NULL;
        a->ptr = keep->data;
        a->end = keep->data + keep->size;
    }
    a->used = 0;
    a->err = PGN_OK;
}

void arena_release(struct arena *a)
{
    free_chunks(a->chunks);
    arena_init(a, a->cap);
}
