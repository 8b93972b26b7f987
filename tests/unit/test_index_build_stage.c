/* test_index_build_stage.c - the tree's counts of a source too big for the stage table: poured, the same rows. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "test.h"
#include "base/error.h"
#include "index/index_db_internal.h"
#include "notation/notation.h"
#include "pgn/pgn_reader.h"
#include "reader_util.h"
#include "replay/replay.h"

/*
 * A source whose counted positions do not fit the stage table pours it into
 * SQLite whenever it fills, and SQLite then sums the pours (index_counts_build.c).
 * The table starts at a quarter of its most and doubles as it fills. The
 * files below fit the table: built again with at most SMALL_SLOTS slots
 * they pour several times, and with at most GROWN_SLOTS they grow it twice
 * and never pour; every row of the counts, of the lists the explorer
 * serves, of the late games and of the source's summary must be the same.
 * So must the path counts, made beside with a stage table of their own
 * under the same most (index_paths_build.c), which the small build pours
 * too. The tree counts' table is two, one for each half of the keys: the
 * build with the whole table counts both halves on one thread, the others
 * on two (index_helper.h), where the second thread's table is grown and
 * poured by the first when it asks.
 */
static const char *const files[] = {
    "testdata/corpus/otb_twic1427.pgn",     "testdata/corpus/online_lichess.pgn",
    "testdata/corpus/otb_world_matches.pgn", "testdata/corpus/online_fics_crlf.pgn",
    "testdata/corpus/online_chesscom_clk.pgn", "testdata/sample.pgn",
};

/* The small stage table: at its most each half pours once it holds 6
 * entries. The grown one holds the 109 entries of the files in 256 slots. */
enum { SMALL_SLOTS = 16, GROWN_SLOTS = 256 };

/* Builds the database at path from the files, one source, with stage_slots
 * slots in the stage table (0: the build's own), its counts made on
 * threads threads; 0 or -1. */
static int make_db(const char *path, size_t stage_slots, int threads)
{
    struct index_db *db;
    struct index_source src = { .path = (char *)"stage.pgn" };
    int rc = index_db_create(&db, path) || index_db_add_source(db, &src);
    if (!rc) {
        db->stage_slots = stage_slots;
        index_db_set_threads(db, threads);
    }
    struct replay_opts ro = { .lang = NOTATION_AUTO, .flags = REPLAY_TRACE,
                              .keep_ply = INDEX_WALK_PLIES };
    struct replay rp;
    replay_init(&rp, &ro);
    uint64_t number = 0;
    for (size_t f = 0; !rc && f < sizeof files / sizeof *files; f++) {
        size_t len;
        char *text = reader_slurp(files[f], &len);
        struct pgn_reader *r = NULL;
        rc = !text || pgn_reader_open_mem(&r, text, len, NULL) != PGN_OK;
        struct game g;
        while (!rc && pgn_reader_next(r, &g) > 0) {
            g.index = ++number; /* one source: its games numbered on across the files */
            rc = replay_game(&rp, &g) || index_db_add_game(db, src.id, &g, NULL, &rp);
        }
        if (r) /* opened: an open that failed leaves nothing to free */
            pgn_reader_free(r);
        free(text);
    }
    replay_release(&rp);
    src.games = number;
    rc = rc || index_db_set_source(db, &src) || index_db_finish(db);
    if (rc)
        fprintf(stderr, "    %s\n", index_db_message(db));
    index_db_close(db);
    return rc ? -1 : 0;
}

/* The rows of table (key, data), in key order, as one text; NULL when it cannot be read. */
static char *rows_of(const char *path, const char *sql, size_t *nrows)
{
    struct index_db *db;
    if (index_db_open(&db, path, 0))
        return NULL;
    sqlite3_stmt *st = NULL;
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    *nrows = 0;
    if (f && sqlite3_prepare_v2(db->h, sql, -1, &st, NULL) == SQLITE_OK) {
        while (sqlite3_step(st) == SQLITE_ROW) {
            const unsigned char *data = sqlite3_column_blob(st, 1);
            int n = sqlite3_column_bytes(st, 1);
            fprintf(f, "%lld:", (long long)sqlite3_column_int64(st, 0));
            for (int i = 0; i < n; i++)
                fprintf(f, "%02x", data[i]);
            fputc('\n', f);
            ++*nrows;
        }
    }
    sqlite3_finalize(st);
    if (f)
        fclose(f);
    index_db_close(db);
    return out;
}

void test_index_build_stage__poured_counts_agree(void)
{
    char dir[64], whole[96], poured[96], grown[96];
    snprintf(dir, sizeof dir, "/tmp/pgnkit-stage.XXXXXX");
    CHECK(mkdtemp(dir) != NULL);
    snprintf(whole, sizeof whole, "%s/whole.pgnkit", dir);
    snprintf(poured, sizeof poured, "%s/poured.pgnkit", dir);
    snprintf(grown, sizeof grown, "%s/grown.pgnkit", dir);
    CHECK_EQ_INT(make_db(whole, 0, 1), 0);
    CHECK_EQ_INT(make_db(poured, SMALL_SLOTS, 2), 0);
    CHECK_EQ_INT(make_db(grown, GROWN_SLOTS, 2), 0);
    static const char *const tables[] = {
        "SELECT key, data FROM tree_counts ORDER BY key",
        "SELECT key, data FROM tree_served ORDER BY key",
        "SELECT source, summary || late || unsure FROM tree_sources",
        "SELECT grp, data FROM tree_late ORDER BY grp",
        "SELECT path, games FROM path_counts ORDER BY path",
        "SELECT source, unsure FROM path_sources",
    };
    for (size_t t = 0; t < sizeof tables / sizeof *tables; t++) {
        size_t na, nb, ng;
        char *a = rows_of(whole, tables[t], &na), *b = rows_of(poured, tables[t], &nb),
             *g = rows_of(grown, tables[t], &ng);
        CHECK(a != NULL && b != NULL && g != NULL);
        /* Each row of counts holds an entry or more, each of which went
         * through the stage: more rows than it holds before it pours. */
        if (t == 0)
            CHECK(na > SMALL_SLOTS / 4 * 3);
        CHECK_EQ_INT(nb, na);
        CHECK_EQ_INT(ng, na);
        if (a && b && strcmp(a, b))
            FAIL("%s: the poured build's rows differ", tables[t]);
        if (a && g && strcmp(a, g))
            FAIL("%s: the grown table's rows differ", tables[t]);
        free(a);
        free(b);
        free(g);
    }
    unlink(whole);
    unlink(poured);
    unlink(grown);
    rmdir(dir);
}
