/* book_build.c - counting the moves of games into a Polyglot opening book, as make-book weighs them. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "book/book_build.h"
#include "book/polyglot_entry.h"
#include "base/banned.h"

enum { NO_ENTRY = UINT32_MAX };

/* One move of one position. */
struct book_count {
    uint64_t key;
    uint16_t move, n, sum;
    uint8_t side;
};

/*
 * The entries are found through an index of open addressing by key alone
 * (linear probing, at most half full): every move of a position lies in
 * the run of slots that starts at its key's home slot, which is what
 * halving and the share filter walk. 4 bytes a slot keep a large book small.
 */
struct book_builder {
    struct book_opts opts;
    struct buf counts; /* struct book_count, in the order first met: the sort's last tie-break */
    uint32_t *slots;   /* index into counts, NO_ENTRY: free */
    size_t nslots;
};

/* Entries are 24 bytes and indexed by 32 bits. */
#define COUNTS_MAX ((size_t)(NO_ENTRY - 1) * sizeof(struct book_count))

struct book_builder *book_builder_new(const struct book_opts *opts)
{
    struct book_builder *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->opts = *opts;
    buf_init(&b->counts, COUNTS_MAX);
    return b;
}

void book_builder_free(struct book_builder *b)
{
    if (!b)
        return;
    buf_release(&b->counts);
    free(b->slots);
    free(b);
}

static struct book_count *counts(const struct book_builder *b)
{
    return (struct book_count *)(void *)b->counts.data;
}

size_t book_builder_entries(const struct book_builder *b)
{
    return b->counts.len / sizeof(struct book_count);
}

/* The home slot of key; a Polyglot key is a good hash already. */
static size_t home(const struct book_builder *b, uint64_t key)
{
    return (size_t)key & (b->nslots - 1);
}

static int grow_slots(struct book_builder *b)
{
    size_t n = b->nslots ? 2 * b->nslots : 4096;
    uint32_t *s = malloc(n * sizeof *s);
    if (!s)
        return PGN_ENOMEM;
    for (size_t i = 0; i < n; i++)
        s[i] = NO_ENTRY;
    free(b->slots);
    b->slots = s;
    b->nslots = n;
    size_t total = book_builder_entries(b);
    for (size_t e = 0; e < total; e++) {
        size_t i = home(b, counts(b)[e].key);
        while (s[i] != NO_ENTRY)
            i = (i + 1) & (n - 1);
        s[i] = (uint32_t)e;
    }
    return PGN_OK;
}

/* make-book's halving: every move of the position, rounded up, so none drops to 0. */
static void halve(struct book_builder *b, uint64_t key)
{
    struct book_count *c = counts(b);
    for (size_t i = home(b, key); b->slots[i] != NO_ENTRY; i = (i + 1) & (b->nslots - 1)) {
        struct book_count *e = &c[b->slots[i]];
        if (e->key == key) {
            e->n = (uint16_t)((e->n + 1) / 2);
            e->sum = (uint16_t)((e->sum + 1) / 2);
        }
    }
}

int book_add(struct book_builder *b, uint64_t key, uint16_t book_move, int side, int points)
{
    int rc;
    if (2 * (book_builder_entries(b) + 1) > b->nslots && (rc = grow_slots(b)))
        return rc;
    size_t i = home(b, key);
    for (; b->slots[i] != NO_ENTRY; i = (i + 1) & (b->nslots - 1)) {
        const struct book_count *e = &counts(b)[b->slots[i]];
        if (e->key == key && e->move == book_move)
            break;
    }
    if (b->slots[i] == NO_ENTRY) {
        uint32_t n = (uint32_t)book_builder_entries(b);
        struct book_count *e = buf_push(&b->counts, sizeof *e, &rc);
        if (!e)
            return rc;
        *e = (struct book_count){ key, book_move, 0, 0, (uint8_t)side };
        b->slots[i] = n;
    }
    struct book_count *e = &counts(b)[b->slots[i]];
    e->n++;
    e->sum = (uint16_t)(e->sum + points);
    if (e->n >= BOOK_COUNT_MAX)
        halve(b, key);
    return PGN_OK;
}

/* The games of every move counted in the position of key. */
static uint64_t position_games(const struct book_builder *b, uint64_t key)
{
    uint64_t games = 0;
    for (size_t i = home(b, key); b->slots[i] != NO_ENTRY; i = (i + 1) & (b->nslots - 1))
        if (counts(b)[b->slots[i]].key == key)
            games += counts(b)[b->slots[i]].n;
    return games;
}

static int keep(const struct book_builder *b, const struct book_count *c)
{
    const struct book_opts *o = &b->opts;
    if (c->n < o->min_games || c->sum == 0)
        return 0;
    /* The score as make-book computes it, in doubles, so that a boundary
     * case falls on the same side. */
    if ((double)c->sum / (double)c->n / 2.0 < o->min_score / 100.0)
        return 0;
    if ((o->only_white && c->side != 0) || (o->only_black && c->side != 1))
        return 0;
    if (o->min_percent > 0 &&
        (double)c->n * 100.0 < o->min_percent * (double)position_games(b, c->key))
        return 0;
    return 1;
}

/* A kept entry and where it was first met. */
struct book_out {
    struct polyglot_entry e;
    uint32_t order;
};

static int out_compare(const void *pa, const void *pb)
{
    const struct book_out *a = pa, *b = pb;
    if (a->e.key != b->e.key)
        return a->e.key < b->e.key ? -1 : 1;
    if (a->e.weight != b->e.weight)
        return a->e.weight > b->e.weight ? -1 : 1;
    return a->order < b->order ? -1 : a->order > b->order;
}

int book_write(const struct book_builder *b, struct buf *out)
{
    size_t total = book_builder_entries(b);
    struct book_out *kept = malloc((total ? total : 1) * sizeof *kept);
    if (!kept)
        return PGN_ENOMEM;
    size_t n = 0;
    for (size_t i = 0; i < total; i++) {
        const struct book_count *c = &counts(b)[i];
        if (!keep(b, c))
            continue;
        kept[n].e = (struct polyglot_entry){ c->key, c->move, b->opts.uniform ? 1 : c->sum, 0 };
        kept[n++].order = (uint32_t)i;
    }
    qsort(kept, n, sizeof *kept, out_compare);
    int rc = buf_reserve(out, n * POLYGLOT_ENTRY_SIZE);
    for (size_t i = 0; !rc && i < n; i++) {
        polyglot_entry_put((uint8_t *)out->data + out->len, &kept[i].e);
        out->len += POLYGLOT_ENTRY_SIZE;
    }
    free(kept);
    return rc;
}
