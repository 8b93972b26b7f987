/* test_index_build_late.c - the late games of the tree's counts: held in memory or poured, the same rows. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "test.h"
#include "base/error.h"
#include "index/index_bytes.h"
#include "index/index_db_internal.h"

/*
 * Games made of records and walks alone, over three chunks: game i (from 0,
 * number i + 1) goes past the walk unless i % 5 == 0, and its reach puts
 * it in one of three groups (i % 3: castling and pawn bits 5, 0x12345, or 5
 * with the unsure bit, group 5 + 2^20) with material counts 40 bits of
 * i * 7919. So tree_late must list, per group, exactly those games in
 * ascending order, whichever way the build grouped them.
 */
enum { GAMES = 2 * INDEX_CHUNK_GAMES + 1000 };

static uint64_t group_of(uint64_t i)
{
    return i % 3 == 1 ? 0x12345 : i % 3 == 2 ? 5 | (uint64_t)1 << 20 : 5;
}

static uint64_t counts_of(uint64_t i)
{
    return i * 7919 & 0xffffffffffull;
}

static int is_late(uint64_t i)
{
    return i % 5 != 0;
}

/* Builds the database at path, holding at most held late games in memory (0: the build's own bound). */
static int make_db(const char *path, size_t held)
{
    struct index_db *db;
    struct index_source src = { .path = (char *)"late.pgn", .games = GAMES };
    int rc = index_db_create(&db, path) || index_db_add_source(db, &src);
    if (!rc)
        db->late_held_max = held;
    for (uint64_t i = 0; !rc && i < GAMES; i++) {
        struct game g = { .index = i + 1, .offset = i * 100, .raw_size = 100 };
        struct index_game ig;
        memset(&ig, 0, sizeof ig);
        ig.material[0] = IM_UNSURE;
        ig.material_len = 1;
        ig.rec.result = PGN_RESULT_DRAW;
        ig.rec.plies = 80;
        ig.walk.flags = IW_TREE;
        ig.walk.result = PGN_RESULT_DRAW;
        ig.walk.rplies = is_late(i) ? 80 : INDEX_WALK_PLIES;
        uint64_t grp = group_of(i);
        ig.walk.reach = (grp & 0xfffff) | counts_of(i) << 20 | (grp >> 20) << WALK_UNSURE;
        rc = index_db_store_game(db, src.id, &g, NULL, &ig);
    }
    rc = rc || index_db_set_source(db, &src) || index_db_finish(db);
    if (rc)
        fprintf(stderr, "    %s\n", index_db_message(db));
    index_db_close(db);
    return rc ? -1 : 0;
}

/* Checks the tree_late rows of the database at path against the games' making; 0 when they agree. */
static int check_rows(const char *path)
{
    struct index_db *db;
    if (index_db_open(&db, path, 0))
        return -1;
    sqlite3_stmt *st = NULL;
    int bad = sqlite3_prepare_v2(db->h, "SELECT grp, data FROM tree_late ORDER BY grp", -1, &st,
                                 NULL) != SQLITE_OK;
    const uint64_t groups[3] = { 5, 0x12345, 5 | (uint64_t)1 << 20 }; /* ascending */
    int rows = 0;
    while (!bad && sqlite3_step(st) == SQLITE_ROW) {
        uint64_t grp = (uint64_t)sqlite3_column_int64(st, 0);
        const unsigned char *data = sqlite3_column_blob(st, 1);
        size_t len = (size_t)sqlite3_column_bytes(st, 1), at = 0;
        bad = rows >= 3 || grp != groups[rows];
        uint64_t number = 0;
        for (uint64_t i = 0; !bad && i < GAMES; i++) {
            if (!is_late(i) || group_of(i) != grp)
                continue;
            uint64_t delta;
            bad = !index_get_varint(data, len, &at, &delta) || number + delta != i + 1 ||
                  at + 5 > len || index_get_le(data + at, 5) != counts_of(i);
            number += delta;
            at += 5;
        }
        bad = bad || at != len;
        rows++;
    }
    sqlite3_finalize(st);
    index_db_close(db);
    return bad || rows != 3 ? -1 : 0;
}

void test_index_build_late__held_and_poured_agree(void)
{
    char dir[64], path[96];
    snprintf(dir, sizeof dir, "/tmp/pgnkit-late.XXXXXX");
    CHECK(mkdtemp(dir) != NULL);
    snprintf(path, sizeof path, "%s/late.pgnkit", dir);
    /* All held (a source of this size), then poured after 7, after 1 game. */
    const size_t held[] = { 0, 7, 1 };
    for (size_t k = 0; k < sizeof held / sizeof *held; k++) {
        CHECK_EQ_INT(make_db(path, held[k]), 0);
        CHECK_EQ_INT(check_rows(path), 0);
        unlink(path);
    }
    rmdir(dir);
}
