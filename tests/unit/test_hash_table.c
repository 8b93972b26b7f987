/* test_hash_table.c - the one hash table: keys kept exactly, values zeroed and stable, walks complete. */
/* SPDX-License-Identifier: MIT */
#include <stdint.h>
#include "test.h"
#include "base/error.h"
#include "base/hash_table.h"

static int put(struct hash_table *t, const char *key, size_t len, int64_t **value)
{
    return hash_table_insert(t, key, len, hash_table_hash(key, len), (void **)value);
}

void test_hash_table__values_stay_where_they_are(void)
{
    struct hash_table t;
    int64_t *first, *v;
    hash_table_init(&t, 3 * sizeof(int64_t));
    CHECK(hash_table_find(&t, "a", 1, hash_table_hash("a", 1)) == NULL);
    CHECK_EQ_INT(put(&t, "a", 1, &first), 1);
    CHECK_EQ_INT(first[0] + first[1] + first[2], 0);
    first[2] = 7;
    char key[32];
    for (int i = 0; i < 5000; i++) {
        int n = snprintf(key, sizeof key, "key %d", i);
        CHECK_EQ_INT(put(&t, key, (size_t)n, &v), 1);
        v[0] = i;
    }
    CHECK_EQ_INT(put(&t, "a", 1, &v), 0);
    CHECK(v == first);
    CHECK_EQ_INT(v[2], 7);
    v = hash_table_find(&t, "key 4321", 8, hash_table_hash("key 4321", 8));
    CHECK(v && v[0] == 4321);
    CHECK_EQ_INT(hash_table_count(&t), 5001);
    hash_table_release(&t);
    CHECK_EQ_INT(hash_table_count(&t), 0);
    CHECK_EQ_INT(put(&t, "a", 1, &v), 1); /* usable again */
    hash_table_release(&t);
}

/* Keys are bytes, kept with a NUL after them; a walk sees every key once. */
void test_hash_table__walk_and_bytes(void)
{
    struct hash_table t;
    hash_table_init(&t, 0);
    CHECK_EQ_INT(put(&t, "ab", 2, NULL), 1);
    CHECK_EQ_INT(put(&t, "ab\0", 3, NULL), 1);
    CHECK_EQ_INT(put(&t, "", 0, NULL), 1);
    CHECK_EQ_INT(put(&t, "", 0, NULL), 0);
    struct hash_item it;
    size_t seen = 0, bytes = 0;
    for (size_t i = 0; hash_table_next(&t, &i, &it);) {
        seen++;
        bytes += it.len;
        CHECK(it.key[it.len] == '\0');
    }
    CHECK_EQ_INT(seen, 3);
    CHECK_EQ_INT(bytes, 5);
    hash_table_release(&t);
}

/* A key that is its own hash (a Zobrist key), after hash_table_reserve. */
void test_hash_table__given_hash(void)
{
    struct hash_table t;
    hash_table_init(&t, sizeof(int));
    CHECK_EQ_INT(hash_table_reserve(&t, 1000), PGN_OK);
    for (uint64_t k = 1; k <= 1000; k++) {
        uint64_t key = k * 0x9e3779b97f4a7c15ULL;
        int *v;
        CHECK_EQ_INT(hash_table_insert(&t, &key, sizeof key, key, (void **)&v), 1);
        *v = (int)k;
    }
    uint64_t key = 500 * 0x9e3779b97f4a7c15ULL;
    int *v = hash_table_find(&t, &key, sizeof key, key);
    CHECK(v && *v == 500);
    hash_table_release(&t);
}
