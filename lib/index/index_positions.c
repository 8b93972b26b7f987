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

/*
 * The row's layout (index_positions.h): the keys share their top byte (the
 * bucket), so the row stores it once and 7 bytes a key; a key's games come
 * ascending and nearly always at one ply, so each posting after the first
 * is a small step and a bit that says whether its own ply follows.
 */
enum { KEY_BYTES = 7 };

/* Writes the postings of one key, v[0 .. n), at out[at ..]; returns the end. */
static size_t encode_key_postings(unsigned char *out, size_t at, const struct index_posting *v,
                                  size_t n)
{
    at = index_put_varint(out, at, n);
    at = index_put_varint(out, at, v[0].game);
    out[at++] = v[0].ply;
    for (size_t i = 1; i < n; i++) {
        /* Steps wrap at 16 bits, so that even games out of order come back. */
        unsigned step = (unsigned)(uint16_t)(v[i].game - v[i - 1].game);
        int own_ply = v[i].ply != v[i - 1].ply;
        at = index_put_varint(out, at, (uint64_t)step << 1 | (unsigned)own_ply);
        if (own_ply)
            out[at++] = v[i].ply;
    }
    return at;
}

int index_postings_encode(const struct index_postings *p, size_t *at, unsigned bucket,
                          unsigned char **out, size_t *len)
{
    size_t first = *at, end = first, keys = 0;
    for (; end < p->n && index_bucket(p->v[end].key) == bucket; end++)
        if (end == first || p->v[end].key != p->v[end - 1].key)
            keys++;
    /* The most a row takes: a key's count is a varint of at most 10 bytes,
     * a game or a step one of at most 3, and a ply 1. */
    size_t cap = 1 + 10 + keys * (KEY_BYTES + 10) + (end - first) * 4;
    unsigned char *b = malloc(cap);
    if (!b)
        return PGN_ENOMEM;
    b[0] = (unsigned char)bucket;
    size_t n = index_put_varint(b, 1, keys);
    unsigned char *kp = b + n;
    n += keys * KEY_BYTES;
    for (size_t i = first; i < end;) {
        size_t j = i;
        while (j < end && p->v[j].key == p->v[i].key)
            j++;
        index_put_le(kp, p->v[i].key, KEY_BYTES);
        kp += KEY_BYTES;
        n = encode_key_postings(b, n, p->v + i, j - i);
        i = j;
    }
    *out = b;
    *len = n;
    *at = end;
    return PGN_OK;
}

/* Reads one key's postings at in[*at .. len), calling fn for each when fn
 * is set; 0 when they are malformed. */
static int decode_key_postings(const unsigned char *in, size_t len, size_t *at, uint64_t key,
                               index_posting_fn *fn, void *ctx)
{
    uint64_t count, game, step;
    if (!index_get_varint(in, len, at, &count) || count == 0 || count > 0x10000 ||
        !index_get_varint(in, len, at, &game) || game > 0xffff || *at >= len)
        return 0;
    unsigned ply = in[(*at)++];
    for (;;) {
        if (fn)
            fn(ctx, key, (unsigned)game, ply);
        if (--count == 0)
            return 1;
        if (!index_get_varint(in, len, at, &step) || step > 0x1ffff)
            return 0;
        game = (game + (step >> 1)) & 0xffff;
        if (step & 1) {
            if (*at >= len)
                return 0;
            ply = in[(*at)++];
        }
    }
}

/* Reads a row's count of keys into *keys and where its keys start into *at; 0 when they do not fit. */
static int row_keys(const unsigned char *blob, size_t len, size_t *at, uint64_t *keys)
{
    *at = 1;
    return len >= 2 && index_get_varint(blob, len, at, keys) && *keys <= (len - *at) / KEY_BYTES;
}

/* The walk of a row both decoders share: fn for the postings of want (of
 * every key when want is 0), key_fn with each key's count of games. */
static int walk_row(const unsigned char *blob, size_t len, uint64_t want, index_posting_fn *fn,
                    index_key_fn *key_fn, void *ctx)
{
    size_t at;
    uint64_t keys;
    if (!row_keys(blob, len, &at, &keys))
        return PGN_EFORMAT;
    const uint64_t low_bits = ~0ull >> 8, top = (uint64_t)blob[0] << 56;
    const unsigned char *kp = blob + at;
    at += keys * KEY_BYTES;
    size_t lo = 0, hi = keys;
    if (want) { /* the first key >= want */
        if ((want & ~low_bits) != top)
            return PGN_EFORMAT; /* asked in a row of another bucket */
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (index_get_le(kp + KEY_BYTES * mid, KEY_BYTES) < (want & low_bits))
                lo = mid + 1;
            else
                hi = mid;
        }
        if (lo == keys || index_get_le(kp + KEY_BYTES * lo, KEY_BYTES) != (want & low_bits))
            return 0; /* not in this row */
        hi = lo + 1;
    }
    /* A lookup walks the postings up to its key and stops there (the
     * checksum beside the row has caught damage past it: walking the rest
     * cost a late position 6% more instructions); a full walk also checks
     * that the row ends where its postings do. */
    for (size_t i = 0; i < hi; i++) {
        uint64_t key = top | index_get_le(kp + KEY_BYTES * i, KEY_BYTES), count;
        size_t start = at;
        if (!index_get_varint(blob, len, &start, &count))
            return PGN_EFORMAT;
        if (!decode_key_postings(blob, len, &at, key, i >= lo && i < hi ? fn : NULL, ctx))
            return PGN_EFORMAT;
        if (key_fn)
            key_fn(ctx, key, (unsigned)count);
    }
    return want || at == len ? 0 : PGN_EFORMAT;
}

int index_postings_decode(const unsigned char *blob, size_t len, uint64_t want,
                          index_posting_fn *fn, void *ctx)
{
    return walk_row(blob, len, want, fn, NULL, ctx);
}

int index_postings_decode_keys(const unsigned char *blob, size_t len, index_key_fn *fn, void *ctx)
{
    return walk_row(blob, len, 0, NULL, fn, ctx);
}

int index_postings_keys(const unsigned char *blob, size_t len, index_row_key_fn *fn, void *ctx)
{
    size_t at;
    uint64_t keys;
    if (!row_keys(blob, len, &at, &keys))
        return PGN_EFORMAT;
    const uint64_t top = (uint64_t)blob[0] << 56;
    for (uint64_t i = 0; i < keys; i++)
        fn(ctx, top | index_get_le(blob + at + KEY_BYTES * i, KEY_BYTES));
    return 0;
}

void index_postings_release(struct index_postings *p)
{
    free(p->v);
    free(p->spare);
    memset(p, 0, sizeof *p);
}
