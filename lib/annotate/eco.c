/* eco.c - opening classification: the embedded table, indexed by position by eco_init(). */
/* SPDX-License-Identifier: MIT */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "annotate/eco.h"
#include "annotate/eco_data.h"
#include "base/error.h"
#include "base/hash_table.h"
#include "notation/notation.h"
#include "notation/san.h"
#include "base/banned.h"

/* The positions of the table lines by repetition key, which is a Zobrist
 * key and so its own hash. The table is built once and then only read, so
 * lookups need no lock. */
static struct hash_table positions;
static int built;
static size_t bad_lines, longest;
/* One bit per value of a key's top 16 bits: most positions of a game are in
 * no table line, and this answers them without probing the table. */
enum { FILTER_BITS = 16 };
static uint64_t filter[(1u << FILTER_BITS) / 64];

static unsigned filter_bit(uint64_t key) { return (unsigned)(key >> (64 - FILTER_BITS)); }

static struct eco_entry *find(uint64_t key)
{
    return hash_table_find(&positions, &key, sizeof key, key);
}

/* One row "ECO<TAB>name<TAB>1. e4 c5 2. Nf3": replays the moves. */
static void index_row(const char *row)
{
    const char *tab1 = strchr(row, '\t');
    const char *tab2 = tab1 ? strchr(tab1 + 1, '\t') : NULL;
    if (!tab2 || tab1 - row != 3) {
        bad_lines++;
        return;
    }
    struct pos p;
    pos_set_start(&p);
    unsigned plies = 0;
    for (const char *s = tab2 + 1; *s;) {
        while (*s == ' ')
            s++;
        const char *e = s;
        while (*e && *e != ' ')
            e++;
        size_t len = (size_t)(e - s);
        if (len && !(s[len - 1] == '.')) {
            move16 m;
            if (san_read(&p, s, len, NOTATION_EN, &m, NULL, NULL) != PGN_OK) {
                bad_lines++;
                return;
            }
            pos_play(&p, m);
            plies++;
        }
        s = e;
    }
    size_t name_len = (size_t)(tab2 - tab1 - 1);
    char *name = malloc(name_len + 1);
    uint64_t key = pos_repetition_key(&p);
    struct eco_entry *e;
    int rc = name ? hash_table_insert(&positions, &key, sizeof key, key, (void **)&e) : PGN_ENOMEM;
    if (rc <= 0) {
        free(name);
        bad_lines += rc < 0;
        return; /* else the first line reaching a position names it */
    }
    filter[filter_bit(key) / 64] |= (uint64_t)1 << (filter_bit(key) % 64);
    memcpy(e->eco, row, 3);
    e->eco[3] = 0;
    memcpy(name, tab1 + 1, name_len);
    name[name_len] = 0;
    e->name = name;
    e->plies = (uint16_t)plies;
    if (plies > longest)
        longest = plies;
}

static int build_status;

static void build_table(void)
{
    hash_table_init(&positions, sizeof(struct eco_entry));
    if (hash_table_reserve(&positions, eco_rows_count)) {
        build_status = PGN_ENOMEM;
        return;
    }
    for (size_t i = 0; i < eco_rows_count; i++)
        index_row(eco_rows[i]);
    built = 1;
}

/*
 * pthread_once: the CLI builds the table before its threads start, but a
 * program using the library may ask for it from several threads at once
 * (each making an openings aggregate); the first builds, the others wait.
 */
static pthread_once_t build_once = PTHREAD_ONCE_INIT;

int eco_init(void)
{
    pthread_once(&build_once, build_table);
    return build_status;
}

/* The table exists: eco_init() was called, before any thread that looks up. */
static int ready(void)
{
    assert(built && "eco_init() first");
    return built;
}

size_t eco_count(void) { return ready() ? hash_table_count(&positions) : 0; }

size_t eco_bad_lines(void) { return ready() ? bad_lines : eco_rows_count; }

/* A transposition reaches a table position in about as many plies as the
 * table line; beyond twice the longest line nothing can match. */
static size_t ply_limit(void) { return 2 * longest + 8; }

static const struct eco_entry *lookup_key(uint64_t key)
{
    if (!(filter[filter_bit(key) / 64] >> (filter_bit(key) % 64) & 1))
        return NULL;
    return find(key);
}

const struct eco_entry *eco_lookup(const struct pos *p)
{
    return ready() ? lookup_key(pos_repetition_key(p)) : NULL;
}

const struct eco_entry *eco_classify(const struct pos *start, const move16 *moves, size_t n,
                                     size_t *ply)
{
    if (!ready())
        return NULL;
    size_t limit = ply_limit();
    const struct eco_entry *best = eco_lookup(start);
    size_t best_ply = 0;
    struct pos p = *start;
    for (size_t i = 0; i < n && i < limit && moves[i]; i++) {
        pos_play(&p, moves[i]);
        const struct eco_entry *e = eco_lookup(&p);
        if (e) {
            best = e;
            best_ply = i + 1;
        }
    }
    if (ply)
        *ply = best_ply;
    return best;
}

const struct eco_entry *eco_classify_keys(const uint64_t *keys, size_t n, size_t *ply)
{
    if (!ready())
        return NULL;
    size_t last = n < ply_limit() ? n : ply_limit();
    const struct eco_entry *best = NULL;
    size_t best_ply = 0;
    for (size_t i = 0; i <= last; i++) {
        const struct eco_entry *e = lookup_key(keys[i]);
        if (e) {
            best = e;
            best_ply = i;
        }
    }
    if (ply)
        *ply = best_ply;
    return best;
}

void eco_split_name(const struct eco_entry *e, char *opening, size_t opening_cap,
                    char *variation, size_t variation_cap)
{
    const char *colon = strstr(e->name, ": ");
    size_t n = colon ? (size_t)(colon - e->name) : strlen(e->name);
    if (opening_cap) {
        size_t k = n < opening_cap - 1 ? n : opening_cap - 1;
        memcpy(opening, e->name, k);
        opening[k] = 0;
    }
    if (variation_cap) {
        const char *v = colon ? colon + 2 : "";
        size_t k = strlen(v);
        if (k > variation_cap - 1)
            k = variation_cap - 1;
        memcpy(variation, v, k);
        variation[k] = 0;
    }
}
