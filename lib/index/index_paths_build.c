/* index_paths_build.c - the path counts of a source, made again from its opening rows. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/array.h"
#include "base/error.h"
#include "index/index_bytes.h"
#include "index/index_db_internal.h"
#include "index/index_paths.h"
#include "index/index_sketch.h"
#include "base/banned.h"

/*
 * Each game of a source starts up to INDEX_OPENING_PLIES lines (its first
 * move, its first two, ...); most of the long ones are its own. Memory stays
 * bounded as for the tree's counts (index_counts_build.c):
 *
 *  1. a count-min sketch (index_sketch.h) of the games
 *     of each line: a line it puts under INDEX_PATHS_MIN is surely rarer;
 *  2. the other lines' games are summed in a table of up to STAGE_SLOTS
 *     slots (it starts at FIRST_SLOTS and doubles as it fills: a small
 *     source does not pay for clearing and scanning the whole of it),
 *     poured into a temporary SQLite table whenever it fills; SQLite sums
 *     the pours by line, and the lines that really reach the minimum get
 *     their row.
 */
enum { FIRST_SLOTS = 1 << 14, STAGE_SLOTS = 1 << 20 };

struct path_slot {
    uint64_t key, games; /* games 0: empty */
};

struct paths_build {
    struct index_db *db;
    int64_t source;
    struct index_sketch sketch;
    struct path_slot *slots;
    size_t nslots, used;      /* nslots: a power of two, up to max_slots */
    size_t max_slots;         /* STAGE_SLOTS, or fewer in the tests */
    int poured;               /* the stage table filled up at least once */
    sqlite3_stmt *stage_put, *row_st;
    unsigned char *rowbuf;
    const unsigned char *rows[INDEX_OPENING_ROWS];
    struct buf unsure;        /* varints: the numbers of the unsure games */
    uint64_t last_unsure;
};

/* Pours the stage table's slots into the temporary table and empties them. */
static int stage_pour(struct paths_build *b)
{
    int rc = PGN_OK;
    for (size_t i = 0; rc == PGN_OK && i < b->nslots; i++) {
        if (!b->slots[i].games)
            continue;
        sqlite3_bind_int64(b->stage_put, 1, (sqlite3_int64)b->slots[i].key);
        sqlite3_bind_int64(b->stage_put, 2, (sqlite3_int64)b->slots[i].games);
        int step = sqlite3_step(b->stage_put);
        sqlite3_reset(b->stage_put);
        if (step != SQLITE_DONE)
            rc = index_db_fail(b->db, step);
    }
    memset(b->slots, 0, b->nslots * sizeof *b->slots);
    b->used = 0;
    return rc;
}

/* The slot of key in a table of mask + 1 slots: its own, or the empty one where it goes. */
static struct path_slot *slot_of(struct path_slot *slots, size_t mask, uint64_t key)
{
    size_t i = (size_t)key & mask;
    while (slots[i].games && slots[i].key != key)
        i = (i + 1) & mask;
    return &slots[i];
}

/* Doubles the stage table, its lines kept; a status. */
static int stage_grow(struct paths_build *b)
{
    size_t n = 2 * b->nslots;
    struct path_slot *grown = array_zeroed(n, sizeof *grown);
    if (!grown)
        return PGN_ENOMEM;
    for (size_t i = 0; i < b->nslots; i++)
        if (b->slots[i].games)
            *slot_of(grown, n - 1, b->slots[i].key) = b->slots[i];
    free(b->slots);
    b->slots = grown;
    b->nslots = n;
    return PGN_OK;
}

static int stage_add(struct paths_build *b, uint64_t key)
{
    struct path_slot *s = slot_of(b->slots, b->nslots - 1, key);
    if (s->games++)
        return PGN_OK;
    s->key = key;
    /* Kept at most three quarters full: probes stay short. */
    if (++b->used < b->nslots / 4 * 3)
        return PGN_OK;
    if (b->nslots < b->max_slots)
        return stage_grow(b);
    b->poured = 1;
    return stage_pour(b);
}

/* Game i of the chunk, game number of the source: pass 1 puts its lines in the
 * sketch, pass 2 counts them. */
static int count_game(struct paths_build *b, uint32_t i, uint64_t number, int pass)
{
    unsigned o = (unsigned)b->rows[0][2 * i] | (unsigned)b->rows[0][2 * i + 1] << 8;
    if (o & IO_EMPTY)
        return PGN_OK;
    if (o & IO_UNSURE) { /* its source tells, whatever its moves */
        if (pass == 1)
            return PGN_OK;
        if (buf_reserve(&b->unsure, 10))
            return PGN_ENOMEM;
        b->unsure.len = index_put_number((unsigned char *)b->unsure.data, b->unsure.len,
                                         &b->last_unsure, number);
        return PGN_OK;
    }
    if (!(o & IO_STANDARD_START))
        return PGN_OK;
    uint32_t walked = o & IO_PLIES_MASK;
    uint64_t h = INDEX_PATH_START;
    int rc = PGN_OK;
    for (uint32_t k = 0; rc == PGN_OK && k < walked && k < INDEX_OPENING_PLIES; k++) {
        const unsigned char *m = b->rows[1 + k] + 2 * (size_t)i;
        h = index_path_next(h, (unsigned)m[0] | (unsigned)m[1] << 8);
        if (pass == 1)
            index_sketch_add(&b->sketch, h, 1);
        else if (index_sketch_rare(&b->sketch, h, INDEX_PATHS_MIN))
            break; /* every game of a longer line starts with this one: rarer still */
        else
            rc = stage_add(b, h);
    }
    return rc;
}

/* Reads every chunk's opening rows in turn and counts its games (pass 1 or 2). */
static int each_chunk(struct paths_build *b, int pass)
{
    sqlite3_stmt *st;
    int rc = index_db_prepare_source(b->db, "SELECT chunk, games FROM game_records WHERE"
                                     " source=?1 ORDER BY chunk", b->source, -1, &st);
    while (rc == PGN_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        uint64_t chunk = (uint64_t)sqlite3_column_int64(st, 0);
        sqlite3_int64 n = sqlite3_column_int64(st, 1);
        rc = n < 1 || n > INDEX_CHUNK_GAMES
                 ? index_db_damaged(b->db, "a blob of game records has a wrong number of games")
                 : index_chunk_openings(b->db, &b->row_st, b->source, chunk, (uint32_t)n,
                                        INDEX_OPENING_ROWS, b->rowbuf, b->rows);
        for (uint32_t i = 0; rc == PGN_OK && i < (uint32_t)n; i++)
            rc = count_game(b, i, chunk * INDEX_CHUNK_GAMES + i + 1, pass);
    }
    if (rc == SQLITE_DONE)
        rc = PGN_OK;
    else if (rc > 0)
        rc = index_db_fail(b->db, rc);
    sqlite3_finalize(st);
    return rc;
}

static int by_key(const void *x, const void *y)
{
    const struct path_slot *a = x, *b = y;
    return (a->key > b->key) - (a->key < b->key);
}

/* Writes the rows of the lines of INDEX_PATHS_MIN games or more: from the
 * stage table when it never poured (sorted here), else from SQLite's sums. */
static int write_rows(struct paths_build *b)
{
    sqlite3_stmt *put = NULL, *sum = NULL;
    int rc = sqlite3_prepare_v2(b->db->h, "INSERT INTO path_counts(source, path, games)"
                                " VALUES(?1, ?2, ?3)", -1, &put, NULL);
    if (rc == SQLITE_OK && b->poured) {
        rc = stage_pour(b) ? SQLITE_ERROR : SQLITE_OK;
        /* Every line is in SQLite now: the sketch and the stage table give
         * their memory (32 MB from some 10M games on) to its sort, which
         * otherwise made the build's peak. */
        index_sketch_free(&b->sketch);
        free(b->slots);
        b->slots = NULL;
        b->nslots = 0;
        if (rc == SQLITE_OK)
            rc = sqlite3_prepare_v2(b->db->h, "SELECT key, SUM(games) FROM temp.path_stage"
                                    " GROUP BY key HAVING SUM(games) >= ?1 ORDER BY key", -1,
                                    &sum, NULL);
        if (rc == SQLITE_OK)
            sqlite3_bind_int(sum, 1, INDEX_PATHS_MIN);
    }
    size_t n = 0, at = 0;
    if (rc == SQLITE_OK && !b->poured) {
        for (size_t i = 0; i < b->nslots; i++)
            if (b->slots[i].games >= INDEX_PATHS_MIN)
                b->slots[n++] = b->slots[i];
        qsort(b->slots, n, sizeof *b->slots, by_key);
    }
    sqlite3_bind_int64(put, 1, b->source);
    while (rc == SQLITE_OK) {
        if (sum && (rc = sqlite3_step(sum)) == SQLITE_ROW) {
            sqlite3_bind_int64(put, 2, sqlite3_column_int64(sum, 0));
            sqlite3_bind_int64(put, 3, sqlite3_column_int64(sum, 1));
        } else if (!sum && at < n) {
            sqlite3_bind_int64(put, 2, (sqlite3_int64)b->slots[at].key);
            sqlite3_bind_int64(put, 3, (sqlite3_int64)b->slots[at++].games);
        } else {
            rc = sum && rc != SQLITE_DONE ? rc : SQLITE_OK;
            break;
        }
        rc = sqlite3_step(put);
        sqlite3_reset(put);
        rc = rc == SQLITE_DONE ? SQLITE_OK : rc;
    }
    sqlite3_finalize(sum);
    sqlite3_finalize(put);
    return rc == SQLITE_OK ? PGN_OK : index_db_fail(b->db, rc);
}

/* The source's row of path_sources: its unsure games. */
static int put_source(struct paths_build *b)
{
    sqlite3_stmt *put;
    int rc = sqlite3_prepare_v2(b->db->h, "INSERT INTO path_sources(source, unsure)"
                                " VALUES(?1, ?2)", -1, &put, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_int64(put, 1, b->source);
        sqlite3_bind_blob(put, 2, b->unsure.data ? b->unsure.data : "", (int)b->unsure.len,
                          SQLITE_STATIC);
        rc = sqlite3_step(put);
        rc = rc == SQLITE_DONE ? SQLITE_OK : rc;
    }
    sqlite3_finalize(put);
    return rc == SQLITE_OK ? PGN_OK : index_db_fail(b->db, rc);
}

int index_paths_rebuild(struct index_db *db, int64_t source)
{
    struct paths_build b;
    memset(&b, 0, sizeof b);
    b.db = db;
    b.source = source;
    buf_init(&b.unsure, (size_t)1 << 30); /* 10 bytes a game at most */
    char sql[160];
    snprintf(sql, sizeof sql, "DELETE FROM path_counts WHERE source=%lld;"
             " DELETE FROM path_sources WHERE source=%lld;", (long long)source, (long long)source);
    int rc = index_db_exec(db, sql);
    if (rc == PGN_OK)
        rc = index_db_exec(db, "CREATE TEMP TABLE IF NOT EXISTS path_stage(key, games);"
                      " DELETE FROM temp.path_stage;");
    uint64_t games = 0;
    if (rc == PGN_OK)
        rc = index_db_chunked_games(db, source, &games);
    if (rc == PGN_OK) {
        b.max_slots = db->stage_slots ? db->stage_slots : STAGE_SLOTS;
        b.nslots = index_stage_first_slots(b.max_slots, FIRST_SLOTS);
        b.slots = array_zeroed(b.nslots, sizeof *b.slots);
        b.rowbuf = malloc((size_t)INDEX_OPENING_ROWS * INDEX_CHUNK_GAMES * 2);
        rc = index_sketch_init(&b.sketch, games * INDEX_OPENING_PLIES); /* its lines at most */
        rc = rc == PGN_OK && b.slots && b.rowbuf ? PGN_OK : PGN_ENOMEM;
    }
    if (rc == PGN_OK) {
        int prc = sqlite3_prepare_v2(db->h, "INSERT INTO temp.path_stage VALUES(?1, ?2)", -1,
                                     &b.stage_put, NULL);
        rc = prc == SQLITE_OK ? PGN_OK : index_db_fail(db, prc);
    }
    if (rc == PGN_OK)
        rc = each_chunk(&b, 1);
    if (rc == PGN_OK)
        rc = each_chunk(&b, 2);
    if (rc == PGN_OK)
        rc = write_rows(&b);
    if (rc == PGN_OK)
        rc = put_source(&b);
    if (rc == PGN_OK)
        rc = index_db_exec(db, "DELETE FROM temp.path_stage;");
    sqlite3_finalize(b.stage_put);
    sqlite3_finalize(b.row_st);
    index_sketch_free(&b.sketch);
    free(b.slots);
    free(b.rowbuf);
    buf_release(&b.unsure);
    return rc;
}
