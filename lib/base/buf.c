/* buf.c - growable byte buffer with a hard size cap. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "base/buf.h"
#include "base/banned.h"

void buf_init(struct buf *b, size_t max)
{
    b->data = NULL;
    b->len = 0;
    b->cap = 0;
    b->max = max;
}

int buf_grow_(struct buf *b, size_t extra)
{
    if (extra > b->max || b->len > b->max - extra)
        return PGN_ETOOBIG;
    size_t need = b->len + extra;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < need)
        cap = cap > b->max / 2 ? b->max : cap * 2;
    if (cap > b->max)
        cap = b->max;
    char *p = realloc(b->data, cap);
    if (!p)
        return PGN_ENOMEM;
    b->data = p;
    b->cap = cap;
    return PGN_OK;
}

int buf_append(struct buf *b, const void *p, size_t n)
{
    int rc = buf_reserve(b, n);
    if (rc)
        return rc;
    if (n)
        memcpy(b->data + b->len, p, n);
    b->len += n;
    return PGN_OK;
}

void buf_release(struct buf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = 0;
    b->cap = 0;
}
