/* test_index_game_ids.c - a game's row from (source, number) through the runs of game_ids. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "test.h"
#include "base/error.h"
#include "index/index_db_internal.h"
#include "index/index_game_ids.h"

void test_index_game_ids__run_bounds(void)
{
    const struct index_game_run run = { .source = 1, .number = 5, .id = 100, .games = 3 };
    int64_t id = -1;
    CHECK_EQ_INT(index_game_run_id(&run, 4, &id), 0); /* before */
    CHECK_EQ_INT(index_game_run_id(&run, 5, &id), 1); /* its first */
    CHECK_EQ_INT(id, 100);
    CHECK_EQ_INT(index_game_run_id(&run, 7, &id), 1); /* its last */
    CHECK_EQ_INT(id, 102);
    CHECK_EQ_INT(index_game_run_id(&run, 8, &id), 0); /* after */
    const struct index_game_run none = { .source = 1, .number = 5, .id = 100, .games = 0 };
    CHECK_EQ_INT(index_game_run_id(&none, 5, &id), 0);
}

/*
 * The games are made of a number and an offset alone: game n of source s
 * (1 or 2) of generation v starts at byte s * 100000 + v * 10000 + n, and
 * carries one tag that goes to the tags table. The database is built from
 * games 1-3 of source 1 and 1-2 of source 2, and updated as pgnkit index
 * updates it (drop from a number on, store from there).
 */
static uint64_t offset_of(int64_t source, int gen, uint64_t n)
{
    return (uint64_t)source * 100000 + (uint64_t)gen * 10000 + n;
}

static int store(struct index_db *db, int64_t source, int gen, uint64_t from, uint64_t to)
{
    struct game_tag tag = { .name = "Annotator", .name_len = 9, .value = "x", .value_len = 1 };
    int rc = PGN_OK;
    for (uint64_t n = from; !rc && n <= to; n++) {
        struct game g = { .index = n, .offset = offset_of(source, gen, n), .raw_size = 10,
                          .tags = &tag, .ntags = 1 };
        struct index_game ig;
        memset(&ig, 0, sizeof ig);
        ig.material[0] = IM_UNSURE;
        ig.material_len = 1;
        rc = index_db_store_game(db, source, &g, NULL, &ig);
    }
    return rc;
}

/* Updates source src of the database at path: drops its games from first on, stores first..to of gen. */
static int update(const char *path, struct index_source *src, uint64_t first, uint64_t to,
                  int gen)
{
    struct index_db *db;
    int rc = index_db_open(&db, path, 1) || index_db_begin(db) ||
             index_db_drop_games(db, src->id, first) || store(db, src->id, gen, first, to);
    src->games = to;
    rc = rc || index_db_set_source(db, src) || index_db_finish(db);
    if (rc)
        fprintf(stderr, "    %s\n", index_db_message(db));
    index_db_close(db);
    return rc ? -1 : 0;
}

/* 0 when game n of source is at the offset of gen; 1 when it has no row; -1 otherwise. */
static int span_of(struct index_db *db, int64_t source, uint64_t n, int gen)
{
    struct index_span at;
    int rc = index_db_game_span(db, source, n, &at);
    if (rc == PGN_EFORMAT)
        return 1;
    return rc == PGN_OK && at.offset == offset_of(source, gen, n) && at.origin.index == n ? 0
                                                                                          : -1;
}

/* The count of rows of sql (one integer) in the database at path; -1 on failure. */
static long long count_of(const char *path, const char *sql)
{
    struct index_db *db;
    sqlite3_stmt *st;
    long long n = -1;
    if (index_db_open(&db, path, 0) == PGN_OK &&
        sqlite3_prepare_v2(db->h, sql, -1, &st, NULL) == SQLITE_OK) {
        if (sqlite3_step(st) == SQLITE_ROW)
            n = sqlite3_column_int64(st, 0);
        sqlite3_finalize(st);
    }
    index_db_close(db);
    return n;
}

void test_index_game_ids__two_sources_updated_in_turn(void)
{
    char dir[64], path[96];
    snprintf(dir, sizeof dir, "/tmp/pgnkit-ids.XXXXXX");
    CHECK(mkdtemp(dir) != NULL);
    snprintf(path, sizeof path, "%s/ids.pgnkit", dir);
    struct index_db *db;
    struct index_source a = { .path = (char *)"a.pgn", .games = 3 };
    struct index_source b = { .path = (char *)"b.pgn", .games = 2 };
    int rc = index_db_create(&db, path) || index_db_add_source(db, &a) ||
             store(db, a.id, 0, 1, 3) || index_db_set_source(db, &a) ||
             index_db_add_source(db, &b) || store(db, b.id, 0, 1, 2) ||
             index_db_set_source(db, &b) || index_db_finish(db);
    index_db_close(db);
    CHECK_EQ_INT(rc, 0);
    /* Games 4 and 5 appended to a after b's: a second run of a. */
    CHECK_EQ_INT(update(path, &a, 4, 5, 0), 0);
    CHECK_EQ_INT((int)count_of(path, "SELECT count(*) FROM game_ids"), 3);
    CHECK_EQ_INT(index_db_open(&db, path, 0), PGN_OK);
    for (uint64_t n = 1; n <= 5; n++)
        CHECK_EQ_INT(span_of(db, a.id, n, 0), 0);
    CHECK_EQ_INT(span_of(db, b.id, 1, 0), 0);
    CHECK_EQ_INT(span_of(db, b.id, 2, 0), 0);
    CHECK_EQ_INT(span_of(db, a.id, 0, 0), 1); /* before the first run */
    CHECK_EQ_INT(span_of(db, a.id, 6, 0), 1); /* after the last */
    CHECK_EQ_INT(span_of(db, b.id, 3, 0), 1); /* past b's run: a's game 4 has that id */
    struct pgn_span_origin last;
    CHECK_EQ_INT(index_db_last_game(db, a.id, &last), 1);
    CHECK_EQ_INT((int)last.index, 5);
    CHECK_EQ_INT((int)last.offset, (int)offset_of(a.id, 0, 5));
    index_db_close(db);

    /* a rewritten from game 2 (inside its first run): games 2-3 of a new
     * generation; the old 2-5 and their tags are gone, b stays. */
    CHECK_EQ_INT(update(path, &a, 2, 3, 1), 0);
    CHECK_EQ_INT(index_db_open(&db, path, 0), PGN_OK);
    CHECK_EQ_INT(span_of(db, a.id, 1, 0), 0);
    CHECK_EQ_INT(span_of(db, a.id, 2, 1), 0);
    CHECK_EQ_INT(span_of(db, a.id, 3, 1), 0);
    CHECK_EQ_INT(span_of(db, a.id, 4, 1), 1);
    CHECK_EQ_INT(span_of(db, b.id, 2, 0), 0);
    CHECK_EQ_INT(index_db_last_game(db, a.id, &last), 1);
    CHECK_EQ_INT((int)last.index, 3);
    index_db_close(db);
    CHECK_EQ_INT((int)count_of(path, "SELECT count(*) FROM game_rows"), 5);
    CHECK_EQ_INT((int)count_of(path, "SELECT count(*) FROM tags"), 5);
    CHECK_EQ_INT((int)count_of(path, "SELECT count(*) FROM tags WHERE game NOT IN"
                                     " (SELECT id FROM game_rows)"), 0);

    /* a rewritten whole (a changed source): no game left, then none stored. */
    CHECK_EQ_INT(update(path, &a, 1, 0, 2), 0);
    CHECK_EQ_INT(index_db_open(&db, path, 0), PGN_OK);
    CHECK_EQ_INT(index_db_last_game(db, a.id, &last), 0);
    CHECK_EQ_INT(span_of(db, a.id, 1, 0), 1);
    CHECK_EQ_INT(span_of(db, b.id, 1, 0), 0);
    index_db_close(db);
    CHECK_EQ_INT((int)count_of(path, "SELECT count(*) FROM game_ids"), 1);
    unlink(path);
    rmdir(dir);
}
