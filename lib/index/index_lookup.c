/* index_lookup.c - what a query reads beside the records: the walks, material runs, position index and names. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>
#include "base/error.h"
#include "index/index_db_internal.h"
#include "index/index_material_keys.h"
#include "base/banned.h"

/* Prepares *st on first use, then binds (source, chunk) and a third value. */
static int bind_chunk(struct index_db *db, sqlite3_stmt **st, const char *sql, int64_t source,
                      uint64_t chunk, int64_t third)
{
    int rc;
    if (!*st && (rc = sqlite3_prepare_v2(db->h, sql, -1, st, NULL)) != SQLITE_OK)
        return index_db_fail(db, rc);
    sqlite3_reset(*st);
    sqlite3_bind_int64(*st, 1, source);
    sqlite3_bind_int64(*st, 2, (sqlite3_int64)chunk);
    if (third >= 0)
        sqlite3_bind_int64(*st, 3, third);
    return PGN_OK;
}

/* Steps *st to its one row: PGN_OK, or (reset) the database is damaged: missing says how. */
static int one_row(struct index_db *db, sqlite3_stmt *st, const char *missing)
{
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
        return PGN_OK;
    sqlite3_reset(st);
    return rc == SQLITE_DONE ? index_db_damaged(db, missing) : index_db_fail(db, rc);
}

/*
 * The blob of chunk chunk of source in the table sql reads (games, checksum,
 * data), checked against its game count and checksum, into *data and *len:
 * SQLite's, valid until *st is reset (the caller resets it).
 */
static int checked_blob(struct index_db *db, sqlite3_stmt **st, const char *sql,
                        const char *what, int64_t source, uint64_t chunk, uint32_t games,
                        const unsigned char **data, size_t *len)
{
    int rc = bind_chunk(db, st, sql, source, chunk, -1);
    if (rc || (rc = one_row(db, *st, what)))
        return rc;
    *data = sqlite3_column_blob(*st, 2);
    *len = (size_t)sqlite3_column_bytes(*st, 2);
    uint64_t sum = (uint64_t)sqlite3_column_int64(*st, 1);
    /* Every game takes a byte at least. */
    int ok = sqlite3_column_int64(*st, 0) == games && *data && *len >= games &&
             index_records_checksum(*data, *len) == sum;
    return ok ? PGN_OK : index_db_damaged(db, what);
}

int index_chunk_records(struct index_db *db, sqlite3_stmt **st, int64_t source, uint64_t chunk,
                        uint32_t games, const unsigned char **data)
{
    size_t len;
    db->record_reads++;
    int rc = checked_blob(db, st, "SELECT games, checksum, data FROM game_records WHERE"
                          " source=?1 AND chunk=?2", "a blob of game records is missing or fails"
                          " its checksum", source, chunk, games, data, &len);
    if (rc == PGN_OK && len != (size_t)games * INDEX_RECORD_SIZE)
        rc = index_db_damaged(db, "a blob of game records has not its games");
    return rc;
}

int index_chunk_walks(struct index_db *db, sqlite3_stmt **st, int64_t source, uint64_t chunk,
                      uint32_t games, unsigned char *out)
{
    const unsigned char *data;
    size_t len;
    int rc = checked_blob(db, st, "SELECT games, checksum, data FROM game_walks WHERE"
                          " source=?1 AND chunk=?2", "a blob of game walks is missing or fails"
                          " its checksum", source, chunk, games, &data, &len);
    if (rc == PGN_OK && len != (size_t)games * INDEX_WALK_SIZE)
        rc = index_db_damaged(db, "a blob of game walks has not its games");
    if (rc == PGN_OK)
        memcpy(out, data, len);
    sqlite3_reset(*st);
    return rc;
}

int index_chunk_materials(struct index_db *db, sqlite3_stmt **st, int64_t source,
                          uint64_t chunk, uint32_t games, struct buf *out)
{
    const unsigned char *data;
    size_t len;
    int rc = checked_blob(db, st, "SELECT games, checksum, data FROM game_materials WHERE"
                          " source=?1 AND chunk=?2", "a blob of material runs is missing or"
                          " fails its checksum", source, chunk, games, &data, &len);
    buf_reset(out);
    if (rc == PGN_OK && buf_append(out, data, len))
        rc = PGN_ENOMEM;
    sqlite3_reset(*st);
    return rc;
}

int index_chunk_rows_read(struct index_db *db, sqlite3_stmt **st, int64_t source,
                          uint64_t chunk, const uint64_t want[4], struct index_chunk_rows *rows)
{
    if (!*st) {
        int rc = sqlite3_prepare_v2(db->h, "SELECT bucket, checksum, data FROM game_positions"
                                    " WHERE source=?1 AND chunk=?2 AND bucket<256", -1, st, NULL);
        if (rc != SQLITE_OK)
            return index_db_fail(db, rc);
    }
    sqlite3_bind_int64(*st, 1, source);
    sqlite3_bind_int64(*st, 2, (sqlite3_int64)chunk);
    buf_reset(&rows->data);
    rows->n = 0;
    int rc = SQLITE_DONE, status = PGN_OK;
    while (status == PGN_OK && (rc = sqlite3_step(*st)) == SQLITE_ROW) {
        sqlite3_int64 bucket = sqlite3_column_int64(*st, 0);
        if (bucket < 0 || bucket > 255 || rows->n == 256) {
            status = index_db_damaged(db, "a row of the position index has a wrong bucket");
            break;
        }
        if (want && !(want[bucket >> 6] >> (bucket & 63) & 1))
            continue;
        const unsigned char *data = sqlite3_column_blob(*st, 2);
        size_t len = (size_t)sqlite3_column_bytes(*st, 2);
        /* The row's keys take their top byte from its first (index_positions.c):
         * it must be the row's bucket, which tells which thread reads it. */
        if (!data || index_records_checksum(data, len) !=
                         (uint64_t)sqlite3_column_int64(*st, 1))
            status = index_db_damaged(db, "a row of the position index fails its checksum");
        else if (len < 1 || data[0] != bucket)
            status = index_db_damaged(db, "a row of the position index has a wrong bucket");
        else if (buf_append(&rows->data, data, len))
            status = PGN_ENOMEM;
        else {
            rows->row[rows->n].bucket = (unsigned)bucket;
            rows->row[rows->n].len = len;
            rows->row[rows->n++].at = rows->data.len - len;
        }
    }
    if (status == PGN_OK && rc != SQLITE_DONE)
        status = index_db_fail(db, rc);
    sqlite3_reset(*st);
    return status;
}

enum { WANT_MAX = 3 };

/*
 * The postings of keys want[0..nwant) (1 to WANT_MAX) in chunk chunk of
 * source, from the rows of their buckets in the table sql reads (bucket,
 * checksum, data for ?1 source, ?2 chunk, buckets ?3 to ?5 and the
 * directory), each given to fn; the directory says which rows must be there.
 */
static int chunk_postings(struct index_db *db, sqlite3_stmt **st, const char *sql,
                          int64_t source, uint64_t chunk, const uint64_t *want, int nwant,
                          index_posting_fn *fn, void *ctx)
{
    unsigned bucket[WANT_MAX];
    for (int k = 0; k < WANT_MAX; k++)
        bucket[k] = index_bucket(want[k < nwant ? k : 0]);
    int rc = bind_chunk(db, st, sql, source, chunk, bucket[0]);
    if (rc)
        return rc;
    sqlite3_bind_int64(*st, 4, bucket[1]);
    sqlite3_bind_int64(*st, 5, bucket[2]);
    int ok = 1, has_dir = 0, has_row[WANT_MAX] = { 0 };
    while (ok && (rc = sqlite3_step(*st)) == SQLITE_ROW) {
        sqlite3_int64 row = sqlite3_column_int64(*st, 0);
        const unsigned char *data = sqlite3_column_blob(*st, 2);
        size_t len = (size_t)sqlite3_column_bytes(*st, 2);
        ok = data && index_records_checksum(data, len) == (uint64_t)sqlite3_column_int64(*st, 1);
        if (ok && row == INDEX_DIRECTORY) {
            has_dir = 1;
            for (int k = 0; k < WANT_MAX; k++)
                ok &= len == INDEX_DIRECTORY_SIZE &&
                      index_directory_has(data, bucket[k]) == has_row[k];
            continue;
        }
        for (int k = 0; k < WANT_MAX; k++)
            has_row[k] |= row == bucket[k];
        /* Keys of one bucket are each looked up in its row. */
        for (int k = 0; ok && k < nwant; k++)
            if (row == bucket[k])
                ok = index_postings_decode(data, len, want[k], fn, ctx) == 0;
    }
    sqlite3_reset(*st);
    if (ok && rc != SQLITE_DONE)
        return index_db_fail(db, rc);
    if (ok && !has_dir)
        return index_db_damaged(db, "a row of the position index is missing");
    return ok ? PGN_OK : index_db_damaged(db, "a row of the position index fails its checksum");
}

/* What the postings of a chunk mark per game: the first ply + 1 (the
 * position index) or the sides to move (the material keys). */
struct marks {
    unsigned char *out;
    uint32_t games;
    int sides;  /* 1: OR the sides, 0: the ply + 1 */
    int bad;
};

static void mark(void *ctx, uint64_t key, unsigned game, unsigned value)
{
    (void)key;
    struct marks *m = ctx;
    if (game >= m->games || (m->sides ? !value || value > (MK_WHITE | MK_BLACK) : value > 254))
        m->bad = 1;
    else if (m->sides)
        m->out[game] |= (unsigned char)value;
    else
        m->out[game] = (unsigned char)(value + 1);
}

/* The marks of keys want[0..nwant) in the chunk's rows of table (sql), into out[0..games). */
static int chunk_marks(struct index_db *db, sqlite3_stmt **st, const char *sql, int64_t source,
                       uint64_t chunk, const uint64_t *want, int nwant, struct marks *m)
{
    memset(m->out, 0, m->games);
    int rc = chunk_postings(db, st, sql, source, chunk, want, nwant, mark, m);
    return rc == PGN_OK && m->bad ? index_db_damaged(db, "a row of the position index names no"
                                                     " game of its chunk") : rc;
}

/* The key's bucket and another, if they have a row, then the chunk's
 * directory, which says whether they must. */
_Static_assert(INDEX_DIRECTORY == 256, "the queries below name the directory's bucket");

int index_chunk_hits(struct index_db *db, sqlite3_stmt **st, int64_t source, uint64_t chunk,
                     uint64_t key, uint32_t games, unsigned char *ply1)
{
    struct marks m = { ply1, games, 0, 0 };
    return chunk_marks(db, st, "SELECT bucket, checksum, data FROM game_positions WHERE"
                       " source=?1 AND chunk=?2 AND bucket IN (?3, ?4, ?5, 256) ORDER BY"
                       " bucket", source, chunk, &key, 1, &m);
}

int index_chunk_key_sides(struct index_db *db, sqlite3_stmt **st, int64_t source,
                          uint64_t chunk, const uint64_t key[2], uint32_t games,
                          unsigned char *sides)
{
    struct marks m = { sides, games, 1, 0 };
    const uint64_t want[WANT_MAX] = { material_key_with_row(MATERIAL_KEY_UNSURE), key[0], key[1] };
    return chunk_marks(db, st, "SELECT bucket, checksum, data FROM game_material_keys WHERE"
                       " source=?1 AND chunk=?2 AND bucket IN (?3, ?4, ?5, 256) ORDER BY"
                       " bucket", source, chunk, want, key[1] == key[0] ? 2 : 3, &m);
}

int index_opening_row_read(struct index_db *db, int row, const unsigned char *data, size_t len,
                           unsigned char *dst, size_t *n)
{
    const size_t cap = (size_t)INDEX_CHUNK_GAMES * 2;
    if (row >= INDEX_OPENING_PACKED)
        return index_blob_unpack(&db->packer, data, len, dst, cap, n);
    if (len > cap)
        return PGN_EFORMAT;
    memcpy(dst, data, len);
    *n = len;
    return PGN_OK;
}

int index_chunk_openings(struct index_db *db, sqlite3_stmt **st, int64_t source,
                         uint64_t chunk, uint32_t games, int nrows, unsigned char *buf,
                         const unsigned char *rows[INDEX_OPENING_ROWS])
{
    int rc = bind_chunk(db, st, "SELECT row, checksum, data FROM game_openings WHERE source=?1"
                        " AND chunk=?2 AND row<?3 ORDER BY row", source, chunk, nrows);
    if (rc)
        return rc;
    int row = 0;
    while ((rc = sqlite3_step(*st)) == SQLITE_ROW) {
        const unsigned char *data = sqlite3_column_blob(*st, 2);
        size_t len = (size_t)sqlite3_column_bytes(*st, 2), n = 0;
        uint64_t sum = (uint64_t)sqlite3_column_int64(*st, 1);
        unsigned char *copy = buf + (size_t)row * INDEX_CHUNK_GAMES * 2;
        if (sqlite3_column_int(*st, 0) != row || row >= nrows || !data ||
            index_records_checksum(data, len) != sum ||
            index_opening_row_read(db, row, data, len, copy, &n) != PGN_OK ||
            n != (size_t)games * 2) {
            sqlite3_reset(*st);
            return index_db_damaged(db, "a blob of opening moves fails its checksum");
        }
        rows[row++] = copy;
    }
    sqlite3_reset(*st);
    if (rc != SQLITE_DONE)
        return index_db_fail(db, rc);
    return row == nrows ? PGN_OK : index_db_damaged(db, "opening moves are missing");
}

int index_names_each(struct index_db *db, int kind, index_name_fn *fn, void *ctx)
{
    char sql[64];
    sqlite3_stmt *st;
    snprintf(sql, sizeof sql, "SELECT id, name FROM %s ORDER BY id", index_names_table[kind]);
    int rc = sqlite3_prepare_v2(db->h, sql, -1, &st, NULL);
    if (rc != SQLITE_OK)
        return index_db_fail(db, rc);
    int status = PGN_OK;
    while (status == PGN_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        sqlite3_int64 id = sqlite3_column_int64(st, 0);
        const char *s = (const char *)sqlite3_column_text(st, 1);
        size_t len = (size_t)sqlite3_column_bytes(st, 1);
        if (!s)
            status = PGN_ENOMEM;
        else if (id < 1 || id >= UINT32_MAX)
            status = index_db_damaged(db, "a name table has an id out of range");
        else
            status = fn(ctx, (uint32_t)id, s, len);
    }
    sqlite3_finalize(st);
    if (status == PGN_OK && rc != SQLITE_DONE)
        status = index_db_fail(db, rc);
    return status;
}
