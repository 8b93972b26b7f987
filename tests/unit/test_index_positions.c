/* test_index_positions.c - the position index's postings: their sort and their rows. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
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
