/* test_index_size_blob.c - chunk blobs squeezed by zstd: back as they went in, damage refused. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "test.h"
#include "base/error.h"
#include "index/index_size_blob.h"

/* An opening row as a chunk of 4096 games makes it: two bytes a game, the
 * same few first moves over and over. */
static void opening_like_row(unsigned char *row, size_t games)
{
    static const unsigned moves[4] = { 0x071c, 0x06db, 0x0b15, 0x0acc };
    for (size_t g = 0; g < games; g++) {
        unsigned m = moves[(g * 7 + g / 3) % 4];
        row[2 * g] = (unsigned char)m;
        row[2 * g + 1] = (unsigned char)(m >> 8);
    }
}

void test_index_size_blob__round_trip(void)
{
    enum { GAMES = 4096 };
    unsigned char row[2 * GAMES], back[2 * GAMES];
    opening_like_row(row, GAMES);
    struct index_blob_packer p = { 0 };
    /* Twice with one packer: its contexts and buffer serve again. */
    for (int run = 0; run < 2; run++) {
        const unsigned char *frame;
        size_t len = 0, n = 0;
        CHECK_EQ_INT(index_blob_pack(&p, row, sizeof row, &frame, &len), PGN_OK);
        /* Four values in a fixed cycle: a tenth of the row is plenty. */
        CHECK(len > 0 && len < sizeof row / 10);
        memset(back, 0, sizeof back);
        CHECK_EQ_INT(index_blob_unpack(&p, frame, len, back, sizeof back, &n), PGN_OK);
        CHECK_EQ_INT((int)n, (int)sizeof row);
        CHECK(memcmp(row, back, sizeof row) == 0);
    }
    /* An empty blob (a chunk of no game never is one, but) comes back empty. */
    const unsigned char *frame;
    size_t len = 0, n = 1;
    CHECK_EQ_INT(index_blob_pack(&p, row, 0, &frame, &len), PGN_OK);
    CHECK_EQ_INT(index_blob_unpack(&p, frame, len, back, sizeof back, &n), PGN_OK);
    CHECK_EQ_INT((int)n, 0);
    index_blob_packer_release(&p);
    index_blob_packer_release(&p); /* released twice: nothing left to free */
}

/* A frame cut short, with a byte after it, holding more than the reader's
 * room, or not zstd at all is damage (PGN_EFORMAT), never a short answer. */
void test_index_size_blob__damage_is_refused(void)
{
    unsigned char row[512], back[512];
    opening_like_row(row, sizeof row / 2);
    struct index_blob_packer p = { 0 };
    const unsigned char *packed;
    size_t len = 0, n = 0;
    CHECK_EQ_INT(index_blob_pack(&p, row, sizeof row, &packed, &len), PGN_OK);
    unsigned char *frame = malloc(len + 1);
    memcpy(frame, packed, len);
    frame[len] = 0;
    for (size_t cut = 0; cut < len; cut++)
        if (index_blob_unpack(&p, frame, cut, back, sizeof back, &n) != PGN_EFORMAT)
            FAIL("a frame cut to %zu of %zu bytes is taken", cut, len);
    CHECK_EQ_INT(index_blob_unpack(&p, frame, len + 1, back, sizeof back, &n), PGN_EFORMAT);
    CHECK_EQ_INT(index_blob_unpack(&p, frame, len, back, sizeof back - 1, &n), PGN_EFORMAT);
    static const unsigned char raw[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
    CHECK_EQ_INT(index_blob_unpack(&p, raw, sizeof raw, back, sizeof back, &n), PGN_EFORMAT);
    /* A byte changed inside the frame: zstd's check or the size tells. */
    frame[len / 2] ^= 0x55;
    int rc = index_blob_unpack(&p, frame, len, back, sizeof back, &n);
    CHECK(rc == PGN_EFORMAT || (rc == PGN_OK && n == sizeof row));
    free(frame);
    index_blob_packer_release(&p);
}
