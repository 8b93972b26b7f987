/* hash_table.c - open addressing on a caller-given 64-bit hash; keys and values kept in an arena. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "base/hash_table.h"
#include "base/banned.h"

/*
 * A slot points at its entry in the arena: the value (value_size bytes)
 * first, then the key and its NUL. The hash is kept in the slot so that
 * probing and growing never touch the entries of other keys.
 */
struct hash_slot {
    uint64_t hash;
    char *entry; /* NULL: an empty slot */
    size_t len;
};

enum { FIRST_SLOTS = 64, VALUE_ALIGN = 8 };

void hash_table_init(struct hash_table *t, size_t value_size)
{
    t->slots = NULL;
    t->mask = 0;
    t->count = 0;
    t->value_size = (value_size + VALUE_ALIGN - 1) & ~(size_t)(VALUE_ALIGN - 1);
    arena_init(&t->store, SIZE_MAX);
}

void hash_table_release(struct hash_table *t)
{
    free(t->slots);
    arena_release(&t->store);
    t->slots = NULL;
    t->mask = 0;
    t->count = 0;
}

static uint64_t mix(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

uint64_t hash_table_hash(const void *key, size_t len)
{
    const unsigned char *p = key;
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ (len * 0xff51afd7ed558ccdULL);
    size_t n = len;
    while (n >= 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        h = mix(h ^ w) + 0x9e3779b97f4a7c15ULL;
        p += 8;
        n -= 8;
    }
    uint64_t w = 0;
    if (n)
        memcpy(&w, p, n);
    return mix(h ^ w ^ ((uint64_t)n << 56));
}

/* Moves every key into nslots slots (a power of two). */
static int rehash(struct hash_table *t, size_t nslots)
{
    struct hash_slot *slots = calloc(nslots, sizeof *slots);
    if (!slots)
        return PGN_ENOMEM;
    for (size_t i = 0; t->slots && i <= t->mask; i++) {
        const struct hash_slot *s = &t->slots[i];
        if (!s->entry)
            continue;
        size_t j = s->hash & (nslots - 1);
        while (slots[j].entry)
            j = (j + 1) & (nslots - 1);
        slots[j] = *s;
    }
    free(t->slots);
    t->slots = slots;
    t->mask = nslots - 1;
    return PGN_OK;
}

int hash_table_reserve(struct hash_table *t, size_t n)
{
    size_t nslots = t->slots ? t->mask + 1 : FIRST_SLOTS;
    while (nslots < 2 * n)
        nslots *= 2;
    if (t->slots && nslots == t->mask + 1)
        return PGN_OK;
    return rehash(t, nslots);
}

/* The slot of the key, or the empty slot where it would go. */
static struct hash_slot *probe(const struct hash_table *t, const void *key, size_t len,
                               uint64_t hash)
{
    size_t i = hash & t->mask;
    for (;; i = (i + 1) & t->mask) {
        struct hash_slot *s = &t->slots[i];
        if (!s->entry || (s->hash == hash && s->len == len &&
                          !memcmp(s->entry + t->value_size, key, len)))
            return s;
    }
}

void *hash_table_find(const struct hash_table *t, const void *key, size_t len, uint64_t hash)
{
    if (!t->slots)
        return NULL;
    const struct hash_slot *s = probe(t, key, len, hash);
    return s->entry; /* the value comes first in the entry; NULL for an empty slot */
}

int hash_table_insert(struct hash_table *t, const void *key, size_t len, uint64_t hash,
                      void **value)
{
    if (2 * (t->count + 1) > (t->slots ? t->mask + 1 : 0) &&
        rehash(t, t->slots ? 2 * (t->mask + 1) : FIRST_SLOTS))
        return PGN_ENOMEM;
    struct hash_slot *s = probe(t, key, len, hash);
    if (s->entry) {
        if (value)
            *value = s->entry;
        return 0;
    }
    char *entry = arena_alloc(&t->store, t->value_size + len + 1);
    if (!entry)
        return PGN_ENOMEM;
    memset(entry, 0, t->value_size);
    if (len)
        memcpy(entry + t->value_size, key, len);
    entry[t->value_size + len] = '\0';
    s->hash = hash;
    s->entry = entry;
    s->len = len;
    t->count++;
    if (value)
        *value = entry;
    return 1;
}

int hash_table_next(const struct hash_table *t, size_t *cursor, struct hash_item *item)
{
    for (size_t i = *cursor; t->slots && i <= t->mask; i++) {
        const struct hash_slot *s = &t->slots[i];
        if (!s->entry)
            continue;
        item->key = s->entry + t->value_size;
        item->len = s->len;
        item->value = s->entry;
        *cursor = i + 1;
        return 1;
    }
    *cursor = t->slots ? t->mask + 1 : 0;
    return 0;
}
