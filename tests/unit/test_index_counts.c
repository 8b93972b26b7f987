/* test_index_counts.c - the tree's counts per position: a row's blob written and read back, damage refused. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "test.h"
#include "base/error.h"
#include "index/index_counts.h"

/* Two entries whose numbers need one to ten varint bytes each. */
static void two_entries(struct index_count e[2])
{
    memset(e, 0, 2 * sizeof *e);
    e[0] = (struct index_count){ .kind_move = 0x031c, .games = 300, .white = 120, .draws = 100,
                                 .black = 80, .wsum = 300ull * 2700, .wn = 300, .bsum = 1,
                                 .bn = 1, .msum = 5000, .mn = 2, .year0 = 1851, .year1 = 2024,
                                 .first = 1 };
    e[1] = (struct index_count){ .kind_move = (uint32_t)INDEX_COUNT_END << 16, .games = 1,
                                 .year0 = 0, .year1 = 0, .first = UINT64_MAX };
}

void test_index_counts__round_trip(void)
{
    struct index_count e[2], *back = NULL;
    two_entries(e);
    unsigned char *blob;
    size_t len, n = 0;
    CHECK_EQ_INT(index_counts_encode(e, 2, &blob, &len), PGN_OK);
    /* 1 (count) + entry 0: 2+2+1+1+1+3+2+1+1+2+1+2+2+1 + entry 1: 3+1+11*1... at least. */
    CHECK(len > 30 && len < 80);
    CHECK_EQ_INT(index_counts_decode(blob, len, &back, &n), PGN_OK);
    CHECK_EQ_INT((int)n, 2);
    CHECK(back && !memcmp(back, e, sizeof e));
    free(back);
    /* No entries: a row of one byte. */
    unsigned char *empty;
    CHECK_EQ_INT(index_counts_encode(e, 0, &empty, &len), PGN_OK);
    CHECK_EQ_INT((int)len, 1);
    CHECK_EQ_INT(index_counts_decode(empty, len, &back, &n), PGN_OK);
    CHECK_EQ_INT((int)n, 0);
    free(back);
    free(empty);
    free(blob);
}

/* Cut short, with a byte too many, entries out of order or counts that cannot be: refused. */
void test_index_counts__damage_refused(void)
{
    struct index_count e[2], *back = NULL;
    two_entries(e);
    unsigned char *blob;
    size_t len, n;
    CHECK_EQ_INT(index_counts_encode(e, 2, &blob, &len), PGN_OK);
    for (size_t cut = 0; cut < len; cut++)
        CHECK_EQ_INT(index_counts_decode(blob, cut, &back, &n), PGN_EFORMAT);
    unsigned char *longer = malloc(len + 1);
    memcpy(longer, blob, len);
    longer[len] = 0;
    CHECK_EQ_INT(index_counts_decode(longer, len + 1, &back, &n), PGN_EFORMAT);
    free(longer);
    free(blob);

    struct index_count swapped[2] = { e[1], e[0] };
    CHECK_EQ_INT(index_counts_encode(swapped, 2, &blob, &len), PGN_OK);
    CHECK_EQ_INT(index_counts_decode(blob, len, &back, &n), PGN_EFORMAT);
    free(blob);

    e[0].white = 301; /* more wins than games */
    CHECK_EQ_INT(index_counts_encode(e, 2, &blob, &len), PGN_OK);
    CHECK_EQ_INT(index_counts_decode(blob, len, &back, &n), PGN_EFORMAT);
    free(blob);

    static const unsigned char huge[] = { 0xff, 0xff, 0xff, 0x7f };
    CHECK_EQ_INT(index_counts_decode(huge, sizeof huge, &back, &n), PGN_EFORMAT);
    CHECK(back == NULL);
}

/* Merging sums the counts, keeps the widest years and the lowest game number. */
void test_index_counts__merge(void)
{
    struct index_count d = { .kind_move = 7, .games = 2, .white = 1, .black = 1, .wsum = 4000,
                             .wn = 2, .year0 = 1990, .year1 = 2000, .first = 50 };
    struct index_count s = { .kind_move = 7, .games = 3, .draws = 3, .bsum = 2500, .bn = 1,
                             .year0 = 0, .year1 = 2010, .first = 10 };
    index_count_merge(&d, &s);
    CHECK_EQ_INT((int)d.games, 5);
    CHECK_EQ_INT((int)d.white, 1);
    CHECK_EQ_INT((int)d.draws, 3);
    CHECK_EQ_INT((int)d.black, 1);
    CHECK_EQ_INT((int)d.wsum, 4000);
    CHECK_EQ_INT((int)d.bsum, 2500);
    CHECK_EQ_INT((int)d.year0, 1990); /* 0 is no year, not an earlier one */
    CHECK_EQ_INT((int)d.year1, 2010);
    CHECK_EQ_INT((int)d.first, 10);
}
