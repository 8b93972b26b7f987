/* test_index_positions.c - the position index's postings: their sort and their rows. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "test.h"
#include "base/error.h"
#include "index/index_positions.h"

static int by_key_then_game(const void *a, const void *b)
{
    const struct index_posting *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return (x->game > y->game) - (x->game < y->game);
}

/*
 * The radix sort gives qsort's order by key, then game, from the orders a
 * chunk's postings come in: game after game (a build), or the kept games'
 * postings already in that order followed by the games after them (an
 * update). Keys share bits (few distinct top bits, many equal keys) and
 * sizes cross the array's growth.
 */
void test_index_positions__sort_as_qsort(void)
{
    unsigned long long seed = 7;
    const size_t sizes[] = { 0, 1, 2, 3, 255, 4096, 4097, 100000 };
    const size_t nsizes = sizeof sizes / sizeof sizes[0];
    for (size_t run = 0; run < 2 * nsizes; run++) {
        struct index_postings p = { 0 };
        size_t n = sizes[run % nsizes];
        int kept = run >= nsizes;
        for (size_t i = 0; i < n; i++) {
            seed = seed * 6364136223846793005ull + 1442695040888963407ull;
            uint64_t r = seed >> 11;
            /* 32 postings a game, each of its own key; a third of the keys
             * from 2048 values that share all but their low bits. */
            uint64_t key = (i % 3 == 0) ? 0x1234567800000000ull | (i % 32) << 6 | (r & 0x3f)
                                        : (r << 3) ^ (uint64_t)(i % 5) << 56;
            if (index_postings_add(&p, key, (uint16_t)(i / 32), (uint8_t)(i & 31)) != PGN_OK) {
                FAIL("no memory");
                return;
            }
        }
        /* An update: the first games' postings come sorted, as their rows hold them. */
        if (kept && n) /* qsort of no elements still wants a pointer */
            qsort(p.v, n / 64 * 32, sizeof *p.v, by_key_then_game);
        struct index_posting *want = malloc((n ? n : 1) * sizeof *want);
        for (size_t i = 0; i < n; i++)
            want[i] = p.v[i];
        qsort(want, n, sizeof *want, by_key_then_game);
        CHECK_EQ_INT(index_postings_sort(&p), PGN_OK);
        size_t bad = n;
        for (size_t i = 0; i < n && bad == n; i++)
            if (p.v[i].key != want[i].key || p.v[i].game != want[i].game ||
                p.v[i].ply != want[i].ply)
                bad = i;
        if (bad != n)
            FAIL("%zu postings: entry %zu out of order", n, bad);
        /* Sorted again (the spare array now holds the old order): the same. */
        CHECK_EQ_INT(index_postings_sort(&p), PGN_OK);
        size_t unsorted = 0;
        for (size_t i = 0; i + 1 < n; i++)
            unsorted += by_key_then_game(&p.v[i], &p.v[i + 1]) >= 0;
        if (unsorted)
            FAIL("%zu postings sorted twice: %zu pairs out of order", n, unsorted);
        free(want);
        index_postings_release(&p);
    }
}

struct seen_postings {
    uint64_t key[8];
    unsigned game[8], ply[8];
    int n;
};

static void see_posting(void *ctx, uint64_t key, unsigned game, unsigned ply)
{
    struct seen_postings *s = ctx;
    if (s->n < 8) {
        s->key[s->n] = key;
        s->game[s->n] = game;
        s->ply[s->n] = ply;
    }
    s->n++;
}

static void see_key(void *ctx, uint64_t key, unsigned games)
{
    struct seen_postings *s = ctx;
    if (s->n < 8) {
        s->key[s->n] = key;
        s->game[s->n] = games;
    }
    s->n++;
}

/* One bucket's row of two keys, encoded from postings as a build adds them. */
static unsigned char *two_key_row(size_t *len)
{
    struct index_postings p = { 0 };
    const uint64_t a = 0x12000000000000aaull, b = 0x12000000000000bbull;
    /* Game after game; key a in games 5 and 6 at ply 10, then in game 300 at ply 12. */
    index_postings_add(&p, a, 5, 10);
    index_postings_add(&p, a, 6, 10);
    index_postings_add(&p, b, 7, 3);
    index_postings_add(&p, a, 300, 12);
    unsigned char *blob = NULL;
    size_t at = 0;
    if (index_postings_sort(&p) != PGN_OK ||
        index_postings_encode(&p, &at, 0x12, &blob, len) != PGN_OK || at != 4)
        FAIL("the row was not encoded");
    index_postings_release(&p);
    return blob;
}

/*
 * The row's size, counted by hand from the layout of index_positions.h:
 * the top byte 1, the count of keys 1, two keys of 7 bytes 14; key a: its
 * count 1, game 5 and ply 10 2, the step of 1 at the same ply 1, the step
 * of 294 (a varint of 589: 2 bytes) and its own ply 1, so 7; key b: 3.
 * 26 bytes where the fixed layout took 4 + 2 * 10 + 4 * 3 = 36.
 */
void test_index_positions__row_layout_and_round_trip(void)
{
    size_t len = 0;
    unsigned char *blob = two_key_row(&len);
    if (!blob)
        return;
    CHECK_EQ_INT((int)len, 26);
    CHECK_EQ_INT(blob[0], 0x12);
    struct seen_postings all = { 0 };
    CHECK_EQ_INT(index_postings_decode(blob, len, 0, see_posting, &all), 0);
    CHECK_EQ_INT(all.n, 4);
    const unsigned games[4] = { 5, 6, 300, 7 }, plies[4] = { 10, 10, 12, 3 };
    for (int i = 0; i < 4 && all.n == 4; i++) {
        CHECK(all.key[i] == (i < 3 ? 0x12000000000000aaull : 0x12000000000000bbull));
        CHECK_EQ_INT((int)all.game[i], (int)games[i]);
        CHECK_EQ_INT((int)all.ply[i], (int)plies[i]);
    }
    /* One key asked: its postings alone; a key the row lacks: none. */
    struct seen_postings one = { 0 }, none = { 0 }, keys = { 0 };
    CHECK_EQ_INT(index_postings_decode(blob, len, 0x12000000000000bbull, see_posting, &one), 0);
    CHECK_EQ_INT(one.n, 1);
    CHECK_EQ_INT((int)one.game[0], 7);
    CHECK_EQ_INT(index_postings_decode(blob, len, 0x12000000000000abull, see_posting, &none), 0);
    CHECK_EQ_INT(none.n, 0);
    /* The keys with their counts of games, as the tree's sketch reads them. */
    CHECK_EQ_INT(index_postings_decode_keys(blob, len, see_key, &keys), 0);
    CHECK_EQ_INT(keys.n, 2);
    CHECK_EQ_INT((int)keys.game[0], 3);
    CHECK_EQ_INT((int)keys.game[1], 1);
    free(blob);
}

/* A row cut short, one byte too long, a key of no games, or a key asked in
 * a row of another bucket is a damaged database, never a wrong answer. */
void test_index_positions__damaged_row_is_refused(void)
{
    size_t len = 0;
    unsigned char *blob = two_key_row(&len);
    if (!blob)
        return;
    struct seen_postings s = { 0 };
    for (size_t cut = 0; cut < len; cut++)
        if (index_postings_decode(blob, cut, 0, see_posting, &s) != PGN_EFORMAT)
            FAIL("a row cut to %zu of %zu bytes is taken", cut, len);
    unsigned char *longer = malloc(len + 1);
    memcpy(longer, blob, len);
    longer[len] = 0;
    CHECK_EQ_INT(index_postings_decode(longer, len + 1, 0, see_posting, &s), PGN_EFORMAT);
    CHECK_EQ_INT(index_postings_decode_keys(longer, len + 1, see_key, &s), PGN_EFORMAT);
    memcpy(longer, blob, len);
    longer[2 + 14] = 0; /* key a's count of games */
    CHECK_EQ_INT(index_postings_decode(longer, len, 0, see_posting, &s), PGN_EFORMAT);
    CHECK_EQ_INT(index_postings_decode(blob, len, 0x13000000000000aaull, see_posting, &s),
                 PGN_EFORMAT);
    free(longer);
    free(blob);
}

/* Games out of order within a key (no build writes them, but the layout's
 * steps wrap rather than lose them) come back as they went in. */
void test_index_positions__games_out_of_order_come_back(void)
{
    struct index_postings p = { 0 };
    const uint64_t key = 0x0100000000000001ull;
    index_postings_add(&p, key, 4000, 7);
    index_postings_add(&p, key, 2, 7);
    index_postings_add(&p, key, 65535, 255);
    unsigned char *blob = NULL;
    size_t at = 0, len = 0;
    CHECK_EQ_INT(index_postings_encode(&p, &at, 1, &blob, &len), PGN_OK);
    struct seen_postings s = { 0 };
    CHECK_EQ_INT(index_postings_decode(blob, len, key, see_posting, &s), 0);
    CHECK_EQ_INT(s.n, 3);
    CHECK_EQ_INT((int)s.game[0], 4000);
    CHECK_EQ_INT((int)s.game[1], 2);
    CHECK_EQ_INT((int)s.game[2], 65535);
    CHECK_EQ_INT((int)s.ply[2], 255);
    free(blob);
    index_postings_release(&p);
}

static void see_row_key(void *ctx, uint64_t key)
{
    see_key(ctx, key, 0);
}

/* The keys alone, as the tree's counts read them to ask for their sketch
 * cells ahead: both keys of the row, in order, with their top byte; a row
 * whose keys do not fit (cut inside them) is refused before any key. */
void test_index_positions__row_keys_alone(void)
{
    size_t len = 0;
    unsigned char *blob = two_key_row(&len);
    if (!blob)
        return;
    struct seen_postings keys = { 0 };
    CHECK_EQ_INT(index_postings_keys(blob, len, see_row_key, &keys), 0);
    CHECK_EQ_INT(keys.n, 2);
    CHECK(keys.key[0] == 0x12000000000000aaull);
    CHECK(keys.key[1] == 0x12000000000000bbull);
    /* Top byte, count, then 2 keys of 7 bytes: 16 bytes; any cut shorter drops a key. */
    for (size_t cut = 0; cut < 16; cut++) {
        struct seen_postings none = { 0 };
        if (index_postings_keys(blob, cut, see_row_key, &none) != PGN_EFORMAT || none.n)
            FAIL("a row cut to %zu bytes gives its keys", cut);
    }
    free(blob);
}
