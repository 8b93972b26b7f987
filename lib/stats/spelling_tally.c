/* spelling_tally.c - how often each spelling of a player, event and site occurs, grouped by name. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "base/error.h"
#include "stats/spelling_tally.h"
#include "base/banned.h"

void spelling_tally_init(struct spelling_tally *t, const struct spelling *names)
{
    hash_table_init(&t->counts, sizeof(uint64_t));
    t->names = names;
}

void spelling_tally_release(struct spelling_tally *t)
{
    hash_table_release(&t->counts);
}

int spelling_tally_game(struct spelling_tally *t, const struct game *g)
{
    for (uint32_t i = 0; i < g->ntags; i++) {
        const struct game_tag *tag = &g->tags[i];
        int kind = spelling_kind_of_tag(tag->name);
        if (kind != SPELLING_PLAYER && kind != SPELLING_EVENT && kind != SPELLING_SITE)
            continue;
        /* The key: the kind's byte, then the value. */
        char small[256], *key = small;
        size_t len = 1 + tag->value_len;
        if (len > sizeof small && !(key = malloc(len)))
            return PGN_ENOMEM;
        key[0] = (char)kind;
        memcpy(key + 1, tag->value, tag->value_len);
        void *value;
        int rc = hash_table_insert(&t->counts, key, len, hash_table_hash(key, len), &value);
        if (key != small)
            free(key);
        if (rc < 0)
            return rc;
        ++*(uint64_t *)value;
    }
    return PGN_OK;
}

static int row_cmp(const void *pa, const void *pb)
{
    const struct spelling_row *a = pa, *b = pb;
    if (a->kind != b->kind)
        return a->kind - b->kind;
    int c = strcmp(a->name ? a->name : a->spelling, b->name ? b->name : b->spelling);
    if (c)
        return c;
    if (a->count != b->count)
        return a->count > b->count ? -1 : 1;
    return strcmp(a->spelling, b->spelling);
}

int spelling_tally_rows(const struct spelling_tally *t, struct spelling_row **rows, size_t *n)
{
    size_t count = hash_table_count(&t->counts), cursor = 0, k = 0;
    *rows = NULL;
    *n = 0;
    if (!count)
        return PGN_OK;
    struct spelling_row *r = malloc(count * sizeof *r);
    if (!r)
        return PGN_ENOMEM;
    struct hash_item item;
    while (hash_table_next(&t->counts, &cursor, &item)) {
        int kind = item.key[0];
        const char *spelling = item.key + 1;
        r[k] = (struct spelling_row){
            kind,
            t->names ? spelling_canonical(t->names, kind, spelling, item.len - 1) : NULL,
            spelling,
            *(const uint64_t *)item.value,
        };
        k++;
    }
    qsort(r, k, sizeof *r, row_cmp);
    *rows = r;
    *n = k;
    return PGN_OK;
}
