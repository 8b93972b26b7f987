/* eco.c - opening classification: the embedded table, indexed by position by eco_init(). */
/* SPDX-License-Identifier: MIT */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include "annotate/eco.h"
#include "annotate/eco_data.h"
#include "base/error.h"
#include "notation/notation.h"
#include "notation/san.h"
#include "base/banned.h"

/* Open addressing on the position key; the table is built once and then
 * only read, so lookups need no lock. */
struct slot {
    uint64_t key;
    struct eco_entry entry;
};

static struct slot *slots;
static size_t mask, entries, bad_lines, longest;
/* One bit per value of a key's top 16 bits: most positions of a game are in
 * no table line, and this answers them without probing the slots. */
enum { FILTER_BITS = 16 };
static uint64_t filter[(1u << FILTER_BITS) / 64];

static unsigned filter_bit(uint64_t key) { return (unsigned)(key >> (64 - FILTER_BITS)); }

static struct slot *find(uint64_t key)
{
    size_t i = (size_t)(key ^ (key >> 29)) & mask;
    while (slots[i].entry.name && slots[i].key != key)
        i = (i + 1) & mask;
    return &slots[i];
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
            if (san_read(&p, s, len, NOTATION_EN, &m, NULL, NULL) != MOVE_OK) {
                bad_lines++;
                return;
            }
            pos_play(&p, m);
            plies++;
        }
        s = e;
    }
    struct slot *sl = find(pos_repetition_key(&p));
    if (sl->entry.name)
        return; /* the first line reaching a position names it */
    sl->key = pos_repetition_key(&p);
    filter[filter_bit(sl->key) / 64] |= (uint64_t)1 << (filter_bit(sl->key) % 64);
    memcpy(sl->entry.eco, row, 3);
    sl->entry.eco[3] = 0;
    size_t name_len = (size_t)(tab2 - tab1 - 1);
    char *name = malloc(name_len + 1);
    if (!name) {
        bad_lines++;
        return;
    }
    memcpy(name, tab1 + 1, name_len);
    name[name_len] = 0;
    sl->entry.name = name;
    sl->entry.plies = (uint16_t)plies;
    entries++;
    if (plies > longest)
        longest = plies;
}

int eco_init(void)
{
    assert(!slots); /* once per process */
    size_t cap = 1;
    while (cap < 2 * eco_rows_count)
        cap <<= 1;
    slots = calloc(cap, sizeof *slots);
    if (!slots)
        return PGN_ENOMEM;
    mask = cap - 1;
    for (size_t i = 0; i < eco_rows_count; i++)
        index_row(eco_rows[i]);
    return PGN_OK;
}

/* The table exists: eco_init() was called, before any thread that looks up. */
static int ready(void)
{
    assert(slots && "eco_init() first");
    return slots != NULL;
}

size_t eco_count(void) { return ready() ? entries : 0; }

size_t eco_bad_lines(void) { return ready() ? bad_lines : eco_rows_count; }

/* A transposition reaches a table position in about as many plies as the
 * table line; beyond twice the longest line nothing can match. */
static size_t ply_limit(void) { return 2 * longest + 8; }

static const struct eco_entry *lookup_key(uint64_t key)
{
    if (!(filter[filter_bit(key) / 64] >> (filter_bit(key) % 64) & 1))
        return NULL;
    const struct slot *sl = find(key);
    return sl->entry.name ? &sl->entry : NULL;
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
