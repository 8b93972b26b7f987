/* corpus_table.c - the bundled and the large real-game corpus, with game counts made without pgnkit. */
/* SPDX-License-Identifier: MIT */
#include "corpus_table.h"
#include <stdlib.h>
#include <sys/stat.h>
#include "test.h"
#include "reader_util.h"

/*
 * The bundled corpus. The counts are the games as a reader sees them, made
 * without pgnkit: `grep -c '^\[Event '` on each file, the same as the count
 * of [Result tags (books_frc_3moves.pgn has no Event tag: its 60 [FEN tags
 * and 60 results; german_schachfeld.pgn has no Result tag: its two games
 * counted by eye). sample.pgn.gz is testdata/sample.pgn compressed (zcat
 * gives it byte for byte): there the reader's spans are also compared with
 * zlib's own decoding.
 */
static const struct corpus_file bundled[] = {
    { "testdata/corpus/books_frc_3moves.pgn", 60 },
    { "testdata/corpus/broadcast_headers_only.pgn", 20 },
    { "testdata/corpus/engine_sunfish_3fold.pgn", 40 },
    { "testdata/corpus/engine_tcec_chess960.pgn", 6 },
    { "testdata/corpus/engine_tcec_early.pgn", 6 },
    { "testdata/corpus/engine_tcec_odd_starts.pgn", 8 },
    { "testdata/corpus/flagged_pgnmentor.pgn", 17 },
    { "testdata/corpus/german_de_san.pgn", 30 },
    { "testdata/corpus/german_de_xlalg.pgn", 30 },
    { "testdata/corpus/german_schachfeld.pgn", 2 },
    { "testdata/corpus/german_world_matches_mixed.pgn", 30 },
    { "testdata/corpus/online_chesscom_clk.pgn", 30 },
    { "testdata/corpus/online_fics_crlf.pgn", 40 },
    { "testdata/corpus/online_lichess.pgn", 40 },
    { "testdata/corpus/otb_dortmund_latin1.pgn", 30 },
    { "testdata/corpus/otb_twic1427.pgn", 40 },
    { "testdata/corpus/otb_world_matches.pgn", 40 },
    { "testdata/sample.pgn.gz", 39 },
};

/*
 * The large corpus: the game counts of the shared corpus's SOURCES.md (for
 * the FEN-only book files, which it lists with 0 games, the number of
 * positions its text gives).
 */
static const struct corpus_file large[] = {
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

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* A .pgn file of testdata/corpus/ missing from the table would be read by nothing here. */
static void check_listed_file(const char *rel, void *ctx)
{
    (void)ctx;
    for (size_t i = 0; i < COUNT(bundled); i++)
        if (!strcmp(bundled[i].name, rel))
            return;
    FAIL("%s has no game count in tests/unit/corpus_table.c", rel);
}

static void check_listed(void)
{
    static const char *const dir[] = { "testdata/corpus" };
    if (reader_each_pgn(dir, 1, check_listed_file, NULL) == 0)
        FAIL("no .pgn file in %s/testdata/corpus", test_root);
}

int corpus_each(size_t max_large_bytes, corpus_fn *fn, void *ctx, char *why, size_t why_size)
{
    char path[8192];
    struct stat st;
    check_listed();
    for (size_t i = 0; i < COUNT(bundled); i++) {
        snprintf(path, sizeof path, "%s/%s", test_root, bundled[i].name);
        if (stat(path, &st))
            FAIL("cannot find %s", path);
        else
            fn(path, &bundled[i], ctx);
    }
    /* The large corpus only when asked for: CI has no copy, and a test must not skip there. */
    const char *dir = getenv("PGNKIT_CORPUS");
    if (!dir || !*dir)
        return 0;
    size_t missing = 0;
    const char *first = NULL;
    for (size_t i = 0; i < COUNT(large); i++) {
        snprintf(path, sizeof path, "%s/%s", dir, large[i].name);
        if (stat(path, &st)) {
            if (!missing++)
                first = large[i].name;
        } else if (!max_large_bytes || (size_t)st.st_size <= max_large_bytes) {
            fn(path, &large[i], ctx);
        }
    }
    if (!missing)
        return 0;
    snprintf(why, why_size, "PGNKIT_CORPUS '%s': %zu of its %zu files not found, the first '%s'",
             dir, missing, COUNT(large), first);
    return 1;
}
