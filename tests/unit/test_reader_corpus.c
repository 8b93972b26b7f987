/* test_reader_corpus.c - the reader on the real-game corpus: game counts, spans that partition the input. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <zlib.h>
#include "test.h"
#include "pgn/pgn_reader.h"
#include "corpus_table.h"

/* How much of the decoded input is compared at a time. */
#define CHUNK ((size_t)1 << 20)

/*
 * One file: the games' raw spans, in order, must be the input byte for byte
 * (compared with zlib's own decoding, which reads plain files unchanged),
 * and there must be as many games as the table counted.
 */
static void check_partition(const char *path, const struct corpus_file *file, void *ctx)
{
    char *check = ctx;
    gzFile z = gzopen(path, "rb");
    struct pgn_reader *r;
    struct game g;
    if (!z || pgn_reader_open(&r, path, NULL)) {
        FAIL("cannot open %s", path);
        if (z)
            gzclose(z);
        return;
    }
    unsigned long n = 0, mismatch = 0;
    uint64_t off = 0;
    int rc;
    while ((rc = pgn_reader_next(r, &g)) > 0) {
        n++;
        if (g.offset != off || (g.flags & GAME_TRUNCATED)) {
            mismatch++;
            break;
        }
        for (size_t done = 0; done < g.raw_len;) {
            size_t want = g.raw_len - done < CHUNK ? g.raw_len - done : CHUNK;
            int got = gzread(z, check, (unsigned)want);
            if (got <= 0 || memcmp(check, g.raw + done, (size_t)got)) {
                mismatch++;
                break;
            }
            done += (size_t)got;
        }
        off += g.raw_size;
        if (mismatch)
            break;
    }
    if (rc != 0 || mismatch || gzread(z, check, 1) != 0)
        FAIL("%s: the games do not partition the input (rc %d)", file->name, rc);
    if (n != file->games)
        FAIL("%s: %lu games, expected %lu", file->name, n, file->games);
    gzclose(z);
    pgn_reader_free(r);
}

/*
 * The bundled corpus always; the large one when $PGNKIT_CORPUS names it,
 * its files over 10 MB (compressed) only with PGNKIT_FULL_CORPUS set: they
 * take long under the sanitizers.
 */
void test_reader__corpus(void)
{
    char why[512];
    size_t max = getenv("PGNKIT_FULL_CORPUS") ? 0 : (size_t)10 << 20;
    char *check = malloc(CHUNK);
    if (!check) {
        FAIL("out of memory");
        return;
    }
    int skipped = corpus_each(max, check_partition, check, why, sizeof why);
    free(check);
    if (skipped)
        SKIP("%s", why);
}
