/* test_reader_corpus.c - the reader on the real files of the shared corpus: counts, partition. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <sys/stat.h>
#include <zlib.h>
#include "test.h"
#include "pgn/pgn_reader.h"

/*
 * Game counts from testdata/SOURCES.md (for the FEN-only book files the
 * table says 0 and the count is the number of positions its text gives).
 * The corpus lives outside the repository: $PGNKIT_CORPUS, else
 * ../shared/testdata/corpus next to the repository root; without it the
 * test checks nothing. Files over 10 MB (compressed) are skipped unless
 * PGNKIT_FULL_CORPUS is set: they take long under the sanitizers.
 */
static const struct {
    const char *file;
    unsigned long games;
} corpus[] = {
    { "books_sf_3moves_FRC.pgn.gz", 126113 },
    { "books_sf_8moves_v3.pgn.gz", 34700 },
    { "books_sf_bjbraams_chessdb_198350_lines.pgn.gz", 198350 },
    { "books_sf_noob_3moves.pgn.gz", 150932 },
    { "broadcast_fide_womens_rapid_2024_headers_only.pgn.gz", 605 },
    { "engine_sunfish_3fold.pgn.gz", 1312 },
    { "engine_sunfish_gaviota_starters.pgn.gz", 2400 },
    { "engine_tcec_bullet_rapid_S26.pgn.gz", 400 },
    { "engine_tcec_chess960_frc_dfrc.pgn.gz", 624 },
    { "engine_tcec_early_S1-S3.pgn.gz", 585 },
    { "engine_tcec_odd_starts_S25-S26.pgn.gz", 176 },
    { "engine_tcec_superfinals_S4-S13.pgn.gz", 1024 },
    { "online_chesscom_2020_clk.pgn.gz", 1078 },
    { "online_fics_standard_2000-2199.pgn.gz", 1453 },
    { "online_lichess_2020_user.pgn.gz", 474 },
    { "otb_dortmund_pychess.pgn.gz", 347 },
    { "otb_events_2019.pgn.gz", 1700 },
    { "otb_pgnmentor_events_wch_candidates_interzonal_worldcup.pgn.gz", 14266 },
    { "otb_pgnmentor_players_GurevichM-Nikolic.pgn.gz", 109263 },
    { "otb_pgnmentor_players_Nimzowitsch-Zvjaginsev.pgn.gz", 109151 },
    { "otb_twic1427.pgn.gz", 4742 },
    { "otb_twic1428.pgn.gz", 4674 },
    { "otb_world_matches_pychess.pgn.gz", 580 },
};

void test_reader__corpus(void)
{
    char dir[4096], path[4608];
    const char *env = getenv("PGNKIT_CORPUS");
    snprintf(dir, sizeof dir, "%s", env ? env : "");
    if (!env)
        snprintf(dir, sizeof dir, "%s/../shared/testdata/corpus", test_root);
    int full = getenv("PGNKIT_FULL_CORPUS") != NULL;
    char *check = malloc(1 << 20);
    for (size_t i = 0; i < sizeof corpus / sizeof corpus[0]; i++) {
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, corpus[i].file);
        if (stat(path, &st) || (!full && st.st_size > 10 * 1024 * 1024))
            continue;
        /* The raw spans, in order, must be the input: compare with zlib's own decoding. */
        gzFile z = gzopen(path, "rb");
        struct pgn_reader *r;
        struct game g;
        if (!z || pgn_reader_open(&r, path, NULL)) {
            FAIL("cannot open %s", path);
            if (z)
                gzclose(z);
            continue;
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
                size_t want = g.raw_len - done < (1u << 20) ? g.raw_len - done : (1u << 20);
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
            FAIL("%s: the games do not partition the input (rc %d)", corpus[i].file, rc);
        if (n != corpus[i].games)
            FAIL("%s: %lu games, expected %lu", corpus[i].file, n, corpus[i].games);
        gzclose(z);
        pgn_reader_free(r);
    }
    free(check);
}
