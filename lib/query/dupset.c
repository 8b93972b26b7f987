/* dupset.c - an exact set of byte strings: a hash_table without values. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include "query/dupset.h"
#include "base/error.h"
#include "base/hash_table.h"
#include "base/banned.h"

struct dupset {
    struct hash_table keys;
};

/* A set of many keys from the start: --unique reads whole databases. */
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
