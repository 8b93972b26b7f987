/* index_counts.c - the tree's counts per position and next move: one row's blob, written and read. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "base/error.h"
#include "index/index_bytes.h"
#include "index/index_counts.h"
#include "base/banned.h"

void index_count_merge(struct index_count *d, const struct index_count *s)
{
    /* Game numbers start at 1: 0 is no game yet. */
    if (s->first && (!d->first || s->first < d->first))
        d->first = s->first;
    d->games += s->games;
    d->white += s->white;
    d->draws += s->draws;
    d->black += s->black;
    d->wsum += s->wsum;
    d->wn += s->wn;
    d->bsum += s->bsum;
    d->bn += s->bn;
    d->msum += s->msum;
    d->mn += s->mn;
    if (s->year0 && (!d->year0 || s->year0 < d->year0))
        d->year0 = s->year0;
    if (s->year1 > d->year1)
        d->year1 = s->year1;
}

/* The fields after kind_move, in the blob's order. */
static uint64_t *field(struct index_count *e, int i)
{
    uint64_t *f[INDEX_COUNT_FIELDS] = { &e->games, &e->white, &e->draws, &e->black, &e->wsum,
                                        &e->wn, &e->bsum, &e->bn, &e->msum, &e->mn,
                                        &e->year0, &e->year1, &e->first };
    return f[i];
}

int index_counts_encode(const struct index_count *e, size_t n, unsigned char **out, size_t *len)
{
    unsigned char *b = malloc(10 + n * INDEX_COUNT_ENTRY_MAX);
    if (!b)
        return PGN_ENOMEM;
    size_t at = index_put_varint(b, 0, n);
    for (size_t i = 0; i < n; i++) {
        struct index_count c = e[i];
        at = index_put_varint(b, at, c.kind_move);
        for (int f = 0; f < INDEX_COUNT_FIELDS; f++)
            at = index_put_varint(b, at, *field(&c, f));
    }
    *out = b;
    *len = at;
    return PGN_OK;
}

/* 1 when the entry's counts can be those of real games. */
static int plausible(const struct index_count *c)
{
    return c->white + c->draws + c->black <= c->games && c->wn <= c->games &&
           c->bn <= c->games && c->mn <= c->white + c->draws + c->black && c->kind_move >> 16 <= INDEX_COUNT_END;
}

int index_counts_decode(const unsigned char *blob, size_t len, struct index_count **out,
                        size_t *n)
{
    size_t at = 0;
    uint64_t count;
    *out = NULL;
    *n = 0;
    /* Every entry takes 14 bytes at least: a bound on a damaged count. */
    if (!index_get_varint(blob, len, &at, &count) || count > len / 14)
        return PGN_EFORMAT;
    struct index_count *e = calloc(count ? count : 1, sizeof *e);
    if (!e)
        return PGN_ENOMEM;
    int ok = 1;
    for (size_t i = 0; ok && i < count; i++) {
        uint64_t km;
        ok = index_get_varint(blob, len, &at, &km) && km <= UINT32_MAX &&
             (i == 0 || km > e[i - 1].kind_move);
        e[i].kind_move = (uint32_t)km;
        for (int f = 0; ok && f < INDEX_COUNT_FIELDS; f++)
            ok = index_get_varint(blob, len, &at, field(&e[i], f));
        ok = ok && plausible(&e[i]);
    }
    if (!ok || at != len) {
        free(e);
        return PGN_EFORMAT;
    }
    *out = e;
    *n = count;
    return PGN_OK;
}
