/* dupset.c - an exact set of byte strings: open addressing on a 64-bit hash, keys kept in chunks. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "query/dupset.h"
#include "base/error.h"
#include "base/banned.h"

struct entry {
    uint64_t hash;
    const unsigned char *key; /* NULL: empty slot */
    size_t len;
};

struct chunk {
    struct chunk *next;
    size_t used, cap;
    unsigned char data[];
};

struct dupset {
    struct entry *slots;
    size_t mask;   /* slots - 1, a power of two minus one */
    uint64_t count;
    struct chunk *chunks;
};

enum { CHUNK_SIZE = 1 << 20, INITIAL_SLOTS = 1 << 12 };

int dupset_new(struct dupset **out)
{
    struct dupset *s = calloc(1, sizeof *s);
    if (!s || !(s->slots = calloc(INITIAL_SLOTS, sizeof *s->slots))) {
        free(s);
        *out = NULL;
        return PGN_ENOMEM;
    }
    s->mask = INITIAL_SLOTS - 1;
    *out = s;
    return PGN_OK;
}

void dupset_free(struct dupset *s)
{
    if (!s)
        return;
    while (s->chunks) {
        struct chunk *c = s->chunks;
        s->chunks = c->next;
        free(c);
    }
    free(s->slots);
    free(s);
}

uint64_t dupset_count(const struct dupset *s) { return s->count; }

static uint64_t mix(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

static uint64_t hash_bytes(const unsigned char *p, size_t n)
{
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ (n * 0xff51afd7ed558ccdULL);
    while (n >= 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        h = mix(h ^ w) + 0x9e3779b97f4a7c15ULL;
        p += 8;
        n -= 8;
    }
    uint64_t w = 0;
    memcpy(&w, p, n);
    return mix(h ^ w ^ ((uint64_t)n << 56));
}

static unsigned char *store(struct dupset *s, const void *key, size_t len)
{
    struct chunk *c = s->chunks;
    size_t need = len ? len : 1; /* an empty key needs an address too */
    if (!c || c->cap - c->used < need) {
        size_t cap = len > CHUNK_SIZE ? len : CHUNK_SIZE;
        c = malloc(sizeof *c + cap);
        if (!c)
            return NULL;
        c->used = 0;
        c->cap = cap;
        c->next = s->chunks;
        s->chunks = c;
    }
    unsigned char *p = c->data + c->used;
    memcpy(p, key, len);
    c->used += need;
    return p;
}

static int grow(struct dupset *s)
{
    size_t n = (s->mask + 1) * 2;
    struct entry *slots = calloc(n, sizeof *slots);
    if (!slots)
        return PGN_ENOMEM;
    for (size_t i = 0; i <= s->mask; i++) {
        const struct entry *e = &s->slots[i];
        if (!e->key)
            continue;
        size_t j = e->hash & (n - 1);
        while (slots[j].key)
            j = (j + 1) & (n - 1);
        slots[j] = *e;
    }
    free(s->slots);
    s->slots = slots;
    s->mask = n - 1;
    return PGN_OK;
}

int dupset_add(struct dupset *s, const void *key, size_t len)
{
    uint64_t h = hash_bytes(key, len);
    size_t i = h & s->mask;
    for (; s->slots[i].key; i = (i + 1) & s->mask) {
        const struct entry *e = &s->slots[i];
        if (e->hash == h && e->len == len && !memcmp(e->key, key, len))
            return 0;
    }
    unsigned char *copy = store(s, key, len);
    if (!copy)
        return PGN_ENOMEM;
    s->slots[i].hash = h;
    s->slots[i].key = copy;
    s->slots[i].len = len;
    s->count++;
    if (s->count * 2 > s->mask + 1 && grow(s))
        return PGN_ENOMEM; /* the key is in; the table is just fuller */
    return 1;
}
