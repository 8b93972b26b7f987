/* dupset.c - the sets of games seen: exact keys (a hash_table without values), and digests. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "query/dupset.h"
#include "base/error.h"
#include "base/hash_table.h"
#include "base/banned.h"

struct dupset {
    struct hash_table keys;
};

/* A set of many keys from the start: a search for unique games reads whole databases. */
enum { INITIAL_KEYS = 1 << 11 };

int dupset_new(struct dupset **out)
{
    struct dupset *s = calloc(1, sizeof *s);
    *out = s;
    if (!s)
        return PGN_ENOMEM;
    hash_table_init(&s->keys, 0);
    if (hash_table_reserve(&s->keys, INITIAL_KEYS)) {
        dupset_free(s);
        *out = NULL;
        return PGN_ENOMEM;
    }
    return PGN_OK;
}

void dupset_free(struct dupset *s)
{
    if (!s)
        return;
    hash_table_release(&s->keys);
    free(s);
}

uint64_t dupset_count(const struct dupset *s) { return hash_table_count(&s->keys); }

int dupset_add(struct dupset *s, const void *key, size_t len)
{
    return hash_table_insert(&s->keys, key, len, hash_table_hash(key, len), NULL);
}

int dupset_has(const struct dupset *s, const void *key, size_t len)
{
    return hash_table_find(&s->keys, key, len, hash_table_hash(key, len)) != NULL;
}

struct dup_seen_slot {
    struct dup_digest d;
    uint32_t id;
    uint32_t used;
};

void dup_seen_init(struct dup_seen *s) { memset(s, 0, sizeof *s); }

void dup_seen_release(struct dup_seen *s)
{
    free(s->slots);
    dup_seen_init(s);
}

/* The slot of d in slots (mask + 1 of them): its own or the empty one it goes to. */
static struct dup_seen_slot *probe(struct dup_seen_slot *slots, size_t mask,
                                   const struct dup_digest *d)
{
    /* The sum of keys is spread over its bits already; the final key mixes in. */
    size_t i = (size_t)(d->key_hash ^ (d->final_key >> 17)) & mask;
    while (slots[i].used &&
           (slots[i].d.key_hash != d->key_hash || slots[i].d.final_key != d->final_key))
        i = (i + 1) & mask;
    return &slots[i];
}

static int grow(struct dup_seen *s)
{
    size_t cap = s->slots ? (s->mask + 1) * 2 : 1 << 12;
    struct dup_seen_slot *slots = calloc(cap, sizeof *slots);
    if (!slots)
        return PGN_ENOMEM;
    for (size_t i = 0; s->slots && i <= s->mask; i++)
        if (s->slots[i].used)
            *probe(slots, cap - 1, &s->slots[i].d) = s->slots[i];
    free(s->slots);
    s->slots = slots;
    s->mask = cap - 1;
    return PGN_OK;
}

int64_t dup_seen_add(struct dup_seen *s, const struct dup_digest *d, uint32_t id)
{
    if ((!s->slots || 2 * (s->count + 1) > s->mask + 1) && grow(s))
        return PGN_ENOMEM;
    struct dup_seen_slot *slot = probe(s->slots, s->mask, d);
    if (slot->used)
        return slot->id;
    slot->d = *d;
    slot->id = id;
    slot->used = 1;
    s->count++;
    return UINT32_MAX;
}
