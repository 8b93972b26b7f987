/* buf.h - growable byte buffer with a hard size cap (curl dynbuf). */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_BUF_H
#define LIB_BUF_H

#include <stddef.h>
#include "base/error.h"

/*
 * data[0..len) holds the bytes, cap is the allocated size, and max the hard
 * cap: growing past max fails with PGN_ETOOBIG and leaves the buffer as it
 * was. The buffer owns data. Also used as a typed vector: (T *)b.data.
 */
struct buf {
    char *data;
    size_t len;
    size_t cap;
    size_t max;
};

#define BUF_INIT(max) { NULL, 0, 0, (max) }

/** Empties b and sets its cap; allocates nothing. */
void buf_init(struct buf *b, size_t max);

/* Slow path of buf_reserve. */
int buf_grow_(struct buf *b, size_t extra);

/** Makes room for extra more bytes: PGN_OK, PGN_ETOOBIG or PGN_ENOMEM. */
static inline int buf_reserve(struct buf *b, size_t extra)
{
    if (b->cap - b->len >= extra)
        return PGN_OK;
    return buf_grow_(b, extra);
}

/**
 * Appends n uninitialised bytes and returns a pointer to them (valid until
 * the buffer grows again), or NULL with *status set on failure.
 */
static inline void *buf_push(struct buf *b, size_t n, int *status)
{
    int rc = buf_reserve(b, n);
    if (rc) {
        *status = rc;
        return NULL;
    }
    void *p = b->data + b->len;
    b->len += n;
    return p;
}

/** Appends n bytes from p: PGN_OK, PGN_ETOOBIG or PGN_ENOMEM. */
int buf_append(struct buf *b, const void *p, size_t n);

/** Sets len to 0 and keeps the memory. */
static inline void buf_reset(struct buf *b) { b->len = 0; }

/** Frees the memory; b can be used again (it is empty, same max). */
void buf_release(struct buf *b);

#endif
