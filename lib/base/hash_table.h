/* hash_table.h - a hash table from byte-string keys to fixed-size values, for sets, counters and indexes. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_HASH_TABLE_H
#define LIB_HASH_TABLE_H

#include <stddef.h>
#include <stdint.h>
#include "base/arena.h"

/*
 * Open addressing with linear probing on a 64-bit hash, kept at most half
 * full. A key is found by its hash and then compared byte for byte, so two
 * different keys are never taken for equal, however unlikely a collision.
 *
 * The caller gives the hash of each key: hash_table_hash() for text and
 * other bytes, or a key that is a good hash already (a Zobrist key).
 * Every call for one key must give the same hash.
 *
 * OWNERSHIP. The table keeps its own copy of every key, followed by a NUL
 * byte (so a text key reads as a C string), and next to it the key's value:
 * value_size bytes, zeroed when the key is added, aligned for any integer
 * or pointer. Both stay at their address until hash_table_release(), however
 * many keys are added later. The table owns all its memory.
 *
 * THREADS. hash_table_find() and hash_table_next() only read: once built, a
 * table may be read by many threads at once. Adding needs the table to
 * itself.
 */
struct hash_slot;

struct hash_table {
    struct hash_slot *slots; /* NULL until the first key */
    size_t mask;             /* number of slots - 1 (a power of two) */
    size_t count;            /* keys held */
    size_t value_size;       /* bytes per value, rounded up for alignment */
    struct arena store;      /* the keys and their values */
};

/** An empty table whose values are value_size bytes (0: a set); allocates nothing yet. */
void hash_table_init(struct hash_table *t, size_t value_size);

/** Frees every key and value; t is empty and usable again. */
void hash_table_release(struct hash_table *t);

/** Makes room for n keys in all, so adding them does not grow the table: PGN_OK or PGN_ENOMEM. */
int hash_table_reserve(struct hash_table *t, size_t n);

/** The hash of key[0..len) that the table expects of byte strings. */
uint64_t hash_table_hash(const void *key, size_t len);

/** The value of key[0..len) (hash: its hash), or NULL when t does not hold it. */
void *hash_table_find(const struct hash_table *t, const void *key, size_t len, uint64_t hash);

/**
 * Finds key[0..len) (hash: its hash), adding it when t does not hold it.
 * Returns 1 when it was added (its value zeroed), 0 when it was there;
 * either way *value (if value is not NULL) points to its value. PGN_ENOMEM
 * when it cannot be added (t is unchanged).
 */
int hash_table_insert(struct hash_table *t, const void *key, size_t len, uint64_t hash,
                      void **value);

/** Number of keys. */
static inline size_t hash_table_count(const struct hash_table *t) { return t->count; }

/** One key of a table and its value, as hash_table_next() gives them (the table's own copies). */
struct hash_item {
    const char *key; /* key[len] is a NUL byte */
    size_t len;
    void *value;
};

/**
 * Walks every key of t, in no particular order: start with *cursor = 0;
 * each call fills *item and returns 1, then 0 after the last key. Adding a
 * key during a walk may make it miss keys or see one twice.
 */
int hash_table_next(const struct hash_table *t, size_t *cursor, struct hash_item *item);

#endif
