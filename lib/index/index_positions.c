/* index_positions.c - the position index: per chunk of games, the games each position key occurs in. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "base/error.h"
#include "index/index_build_sort.h"
#include "index/index_bytes.h"
#include "index/index_positions.h"
#include "base/banned.h"

int index_postings_add(struct index_postings *p, uint64_t key, uint16_t game, uint8_t ply)
{
    if (p->n == p->cap) {
        size_t cap = p->cap ? 2 * p->cap : 4096;
        struct index_posting *v = realloc(p->v, cap * sizeof *v);
        if (!v)
            return PGN_ENOMEM;
        p->v = v;
        p->cap = cap;
        free(p->spare); /* the sort allocates it again, as large */
        p->spare = NULL;
    }
    p->v[p->n++] = (struct index_posting){ key, game, ply };
    return PGN_OK;
}

/* Digit d of the sort key: bits 11 * d on of the position key. */
enum { SORT_DIGIT_BITS = 11, SORT_DIGITS = (64 + SORT_DIGIT_BITS - 1) / SORT_DIGIT_BITS };

static inline unsigned sort_digit(const struct index_posting *e, int d)
{
    return (unsigned)(e->key >> (SORT_DIGIT_BITS * d)) & ((1u << SORT_DIGIT_BITS) - 1);
}

/*
 * A least-significant-digit radix sort on the key alone: one stable
 * counting pass per digit. A chunk holds about 100,000 postings, and
 * qsort's comparisons of them were a quarter of the whole build; six
 * linear passes (fewer: a digit that is the same everywhere is passed
 * over) are not. Digits of 11 bits take six passes where bytes took eight,
 * and their counts (48 KB) still fit the level-2 cache.
 *
 * The game needs no pass: postings come in game order (a build adds them
 * game after game; an update first reloads the kept games' rows, each key's
 * games ascending, then adds games after those), and a stable sort keeps
 * that order among the postings of one key.
 */
int index_postings_sort(struct index_postings *p)
{
    size_t n = p->n;
    if (n < 2)
        return PGN_OK;
    if (!p->spare && !(p->spare = malloc(p->cap * sizeof *p->spare)))
        return PGN_ENOMEM;
    uint32_t count[SORT_DIGITS][1u << SORT_DIGIT_BITS]; /* 48 KB */
    memset(count, 0, sizeof count);
    for (size_t i = 0; i < n; i++)
        for (int d = 0; d < SORT_DIGITS; d++)
            count[d][sort_digit(&p->v[i], d)]++;
    struct index_posting *from = p->v, *to = p->spare;
    for (int d = 0; d < SORT_DIGITS; d++) {
        uint32_t *c = count[d];
        if (!index_radix_starts(c, 1u << SORT_DIGIT_BITS, n, sort_digit(&from[0], d)))
            continue;
        for (size_t i = 0; i < n; i++)
            to[c[sort_digit(&from[i], d)]++] = from[i];
        struct index_posting *t = from;
        from = to;
        to = t;
    }
    /* The sorted entries are where the last pass put them: keep that array. */
    if (from != p->v) {
        p->spare = p->v;
        p->v = from;
    }
    return PGN_OK;
}

int index_postings_encode(const struct index_postings *p, size_t *at, unsigned bucket,
                          unsigned char **out, size_t *len)
{
    size_t first = *at, end = first, keys = 0;
    for (; end < p->n && index_bucket(p->v[end].key) == bucket; end++)
        if (end == first || p->v[end].key != p->v[end - 1].key)
            keys++;
    size_t n = 4 + keys * 10 + (end - first) * 3;
    unsigned char *b = malloc(n);
    if (!b)
        return PGN_ENOMEM;
    index_put_le(b, keys, 4);
    unsigned char *kp = b + 4, *cp = kp + keys * 8, *pp = cp + keys * 2;
    for (size_t i = first; i < end;) {
        size_t j = i;
        while (j < end && p->v[j].key == p->v[i].key) {
            index_put_le(pp, p->v[j].game, 2);
            pp[2] = p->v[j].ply;
            pp += 3;
            j++;
        }
        index_put_le(kp, p->v[i].key, 8);
        index_put_le(cp, j - i, 2);
        kp += 8;
        cp += 2;
        i = j;
    }
    *out = b;
    *len = n;
    *at = end;
    return PGN_OK;
}

int index_postings_decode(const unsigned char *blob, size_t len, uint64_t want,
                          index_posting_fn *fn, void *ctx)
{
    if (len < 4)
        return PGN_EFORMAT;
    size_t keys = (size_t)index_get_le(blob, 4);
    if (keys > (len - 4) / 10)
        return PGN_EFORMAT;
    const unsigned char *kp = blob + 4, *cp = kp + keys * 8, *pp = cp + keys * 2;
    size_t total = 0;
    for (size_t i = 0; i < keys; i++)
        total += (size_t)index_get_le(cp + 2 * i, 2);
    if (4 + keys * 10 + total * 3 != len)
        return PGN_EFORMAT;
    size_t lo = 0, hi = keys;
    if (want) { /* the first key >= want */
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (index_get_le(kp + 8 * mid, 8) < want)
                lo = mid + 1;
            else
                hi = mid;
        }
        if (lo == keys || index_get_le(kp + 8 * lo, 8) != want)
            return 0;
        hi = lo + 1;
    }
    size_t skip = 0;
    for (size_t i = 0; i < lo; i++)
        skip += (size_t)index_get_le(cp + 2 * i, 2);
    pp += skip * 3;
    for (size_t i = lo; i < hi; i++) {
        uint64_t key = index_get_le(kp + 8 * i, 8);
        for (size_t k = index_get_le(cp + 2 * i, 2); k; k--, pp += 3)
            fn(ctx, key, (unsigned)index_get_le(pp, 2), pp[2]);
    }
    return 0;
}

void index_postings_release(struct index_postings *p)
{
    free(p->v);
    free(p->spare);
    memset(p, 0, sizeof *p);
}
