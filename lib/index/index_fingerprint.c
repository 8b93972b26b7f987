/* index_fingerprint.c - a cheap fingerprint of a file's first bytes (FNV-1a over samples). */
/* SPDX-License-Identifier: MIT */
#include <unistd.h>
#include "base/error.h"
#include "index/index_fingerprint.h"
#include "base/banned.h"

static uint64_t fnv(uint64_t h, const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

/* Hashes bytes [from, from + n) of fd into *h. */
static int sample(int fd, uint64_t from, uint64_t n, uint64_t *h)
{
    unsigned char buf[INDEX_FP_EDGE];
    while (n) {
        size_t want = n < sizeof buf ? (size_t)n : sizeof buf;
        ssize_t got = pread(fd, buf, want, (off_t)from);
        if (got <= 0)
            return PGN_EIO;
        *h = fnv(*h, buf, (size_t)got);
        from += (uint64_t)got;
        n -= (uint64_t)got;
    }
    return PGN_OK;
}

int index_fingerprint(int fd, uint64_t len, uint64_t *out)
{
    uint64_t h = 0xcbf29ce484222325ull;
    unsigned char lenbytes[8];
    for (int i = 0; i < 8; i++)
        lenbytes[i] = (unsigned char)(len >> (8 * i));
    h = fnv(h, lenbytes, sizeof lenbytes);
    int rc;
    if (len <= 2 * INDEX_FP_EDGE + INDEX_FP_BLOCKS * INDEX_FP_BLOCK) {
        rc = sample(fd, 0, len, &h);
    } else {
        uint64_t middle = len - 2 * INDEX_FP_EDGE, step = middle / INDEX_FP_BLOCKS;
        rc = sample(fd, 0, INDEX_FP_EDGE, &h);
        for (int i = 0; rc == PGN_OK && i < INDEX_FP_BLOCKS; i++)
            rc = sample(fd, INDEX_FP_EDGE + (uint64_t)i * step, INDEX_FP_BLOCK, &h);
        if (rc == PGN_OK)
            rc = sample(fd, len - INDEX_FP_EDGE, INDEX_FP_EDGE, &h);
    }
    *out = h;
    return rc;
}
