/* index_store.c - the database's name dictionaries and record chunks, as a build writes them. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/error.h"
#include "index/index_db_internal.h"
#include "index/index_material_keys.h"
#include "index/index_keys.h"
#include "base/array.h"
#include "base/banned.h"

const char *const index_names_table[NAMES_KINDS] = { "players", "events", "sites" };

int index_db_damaged(struct index_db *db, const char *what)
{
    snprintf(db->msg, sizeof db->msg, "the database is damaged: %s", what);
    return PGN_EFORMAT;
}

struct name_loader {
    struct index_db *db;
    int kind;
};

static int add_known_name(void *ctx, uint32_t id, const char *s, size_t len)
{
    struct name_loader *l = ctx;
    void *v;
    if (hash_table_insert(&l->db->names[l->kind], s, len, hash_table_hash(s, len), &v) < 0)
        return PGN_ENOMEM;
    *(uint32_t *)v = id;
    if (id > l->db->nnames[l->kind])
        l->db->nnames[l->kind] = id;
    return PGN_OK;
}

/* An update's dictionaries start with the names already there. */
static int load_names(struct index_db *db)
{
    for (int k = 0; k < NAMES_KINDS; k++) {
        hash_table_init(&db->names[k], sizeof(uint32_t));
        db->nnames[k] = 0;
    }
    db->names_loaded = 1;
    for (int k = 0; k < NAMES_KINDS; k++) {
        struct name_loader l = { db, k };
        int rc = index_names_each(db, k, add_known_name, &l);
        if (rc)
            return rc;
    }
    return PGN_OK;
}

int index_names_id(struct index_db *db, int kind, const char *s, size_t len, uint32_t *id)
{
    int rc;
    if (!db->names_loaded && (rc = load_names(db)) != PGN_OK)
        return rc;
    void *v;
    rc = hash_table_insert(&db->names[kind], s, len, hash_table_hash(s, len), &v);
    if (rc < 0)
        return rc;
    if (rc == 0) {
        *id = *(uint32_t *)v;
        return PGN_OK;
    }
    *id = *(uint32_t *)v = ++db->nnames[kind];
    sqlite3_stmt *st = db->st[ST_NAME_PLAYER + kind];
    sqlite3_bind_int64(st, 1, *id);
    sqlite3_bind_text(st, 2, s, (int)len, SQLITE_STATIC);
    rc = sqlite3_step(st);
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return rc == SQLITE_DONE ? PGN_OK : index_db_fail(db, rc);
}

int index_chunk_put_blob(struct index_db *db, sqlite3_stmt *st, int64_t third,
                         const unsigned char *data, size_t n)
{
    sqlite3_bind_int64(st, 1, db->chunk_source);
    sqlite3_bind_int64(st, 2, (sqlite3_int64)db->chunk_index);
    sqlite3_bind_int64(st, 3, third);
    sqlite3_bind_int64(st, 4, (sqlite3_int64)index_records_checksum(data, n));
    sqlite3_bind_blob(st, 5, data, (int)n, SQLITE_STATIC);
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return rc == SQLITE_DONE ? PGN_OK : index_db_fail(db, rc);
}

int index_chunk_put_packed(struct index_db *db, sqlite3_stmt *st, int64_t third,
                           const unsigned char *data, size_t n)
{
    const unsigned char *frame;
    size_t len;
    int rc = index_blob_pack(&db->packer, data, n, &frame, &len);
    return rc ? rc : index_chunk_put_blob(db, st, third, frame, len);
}

static unsigned char *opening_row(struct index_db *db, int row)
{
    return db->openings + (size_t)row * INDEX_CHUNK_GAMES * 2;
}

/* The chunk's rows of postings p (the position index's or the material
 * keys') with st: a bucket with keys gets one, and the chunk its directory
 * of those buckets, so that a missing row is damage, not "no game". */
static int flush_postings(struct index_db *db, struct index_postings *p, sqlite3_stmt *st)
{
    unsigned char dir[INDEX_DIRECTORY_SIZE] = { 0 };
    int rc = index_postings_sort(p);
    size_t at = 0;
    while (rc == PGN_OK && at < p->n) { /* sorted: each bucket's keys run together */
        unsigned bucket = index_bucket(p->v[at].key);
        unsigned char *blob;
        size_t len;
        if ((rc = index_postings_encode(p, &at, bucket, &blob, &len)) != PGN_OK)
            break;
        rc = index_chunk_put_blob(db, st, bucket, blob, len);
        free(blob);
        dir[bucket / 8] |= (unsigned char)(1u << (bucket % 8));
    }
    if (rc == PGN_OK)
        rc = index_chunk_put_blob(db, st, INDEX_DIRECTORY, dir, sizeof dir);
    /* Kept: a second flush of the same chunk writes the same rows, or more
     * (an update truncates a chunk's rows before it fills the chunk again). */
    return rc;
}

/* The chunk's material key rows (index_material_keys.h), made from its records and
 * material runs as they stand: a second flush of the chunk (an update) writes
 * the same rows or more, as the positions'. */
static int flush_keys(struct index_db *db)
{
    struct index_postings *p = &db->keys;
    const unsigned char *runs = (const unsigned char *)db->materials.data;
    size_t len = db->materials.len, at = 0;
    struct index_material m;
    struct index_record r;
    p->n = 0;
    for (uint32_t g = 0; g < db->chunk_games; g++) {
        size_t used = index_material_decode(runs + at, len - at, &m);
        if (!used)
            return index_db_damaged(db, "a blob of material runs does not hold its games");
        at += used;
        index_record_decode(db->chunk + (size_t)g * INDEX_RECORD_SIZE, &r);
        if (r.flags & IR_EMPTY) /* not a game: no question selects it */
            continue;
        int rc = material_keys_add_game(p, (uint16_t)g, &m, (r.flags & IR_UNSURE) != 0);
        if (rc)
            return rc;
    }
    return flush_postings(db, p, db->st[ST_MATERIAL_KEY_PUT]);
}

int index_chunk_flush(struct index_db *db)
{
    if (!db->chunk_source || !db->chunk_games)
        return PGN_OK;
    int rc = index_chunk_put_blob(db, db->st[ST_CHUNK_PUT], db->chunk_games, db->chunk,
                                  (size_t)db->chunk_games * INDEX_RECORD_SIZE);
    for (int row = 0; rc == PGN_OK && row < INDEX_OPENING_ROWS; row++)
        rc = (row < INDEX_OPENING_PACKED ? index_chunk_put_blob : index_chunk_put_packed)(
            db, db->st[ST_OPENING_PUT], row, opening_row(db, row), (size_t)db->chunk_games * 2);
    if (rc == PGN_OK)
        rc = index_chunk_put_blob(db, db->st[ST_WALK_PUT], db->chunk_games, db->walks,
                                  (size_t)db->chunk_games * INDEX_WALK_SIZE);
    if (rc == PGN_OK)
        rc = index_chunk_put_blob(db, db->st[ST_MATERIAL_PUT], db->chunk_games,
                                  (const unsigned char *)db->materials.data, db->materials.len);
    if (rc == PGN_OK)
        rc = flush_keys(db);
    if (rc == PGN_OK && (rc = index_keys_write(db->st[ST_KEY_PUT], db->chunk_source,
                                               db->chunk_index, db->chunk,
                                               db->chunk_games)) != SQLITE_OK)
        rc = index_db_fail(db, rc);
    return rc == PGN_OK ? flush_postings(db, &db->postings, db->st[ST_POSITION_PUT]) : rc;
}

static int chunk_buffers(struct index_db *db)
{
    if (!db->chunk && !(db->chunk = malloc((size_t)INDEX_CHUNK_GAMES * INDEX_RECORD_SIZE)))
        return PGN_ENOMEM;
    if (!db->openings &&
        !(db->openings = malloc((size_t)INDEX_OPENING_ROWS * INDEX_CHUNK_GAMES * 2)))
        return PGN_ENOMEM;
    if (!db->walks && !(db->walks = malloc((size_t)INDEX_CHUNK_GAMES * INDEX_WALK_SIZE)))
        return PGN_ENOMEM;
    return PGN_OK;
}

/* Notes that source's games change: index_db_finish() makes its counts again. */
static int touch(struct index_db *db, int64_t source)
{
    for (size_t i = 0; i < db->ntouched; i++)
        if (db->touched[i] == source)
            return PGN_OK;
    if (array_reserve((void **)&db->touched, &db->touched_cap, db->ntouched + 1,
                      sizeof *db->touched, 8))
        return PGN_ENOMEM;
    db->touched[db->ntouched++] = source;
    return PGN_OK;
}

int index_chunk_add(struct index_db *db, int64_t source, const struct index_game *ig)
{
    const struct index_record *r = &ig->rec;
    const struct index_walk *w = &ig->walk;
    if (db->chunk_source != source || db->chunk_games == INDEX_CHUNK_GAMES) {
        int rc = touch(db, source);
        if (rc == PGN_OK)
            rc = index_chunk_flush(db);
        if (rc)
            return rc;
        db->chunk_index = db->chunk_source == source ? db->chunk_index + 1 : 0;
        db->chunk_source = source;
        db->chunk_games = 0;
        db->postings.n = 0;
        buf_reset(&db->materials);
    }
    if (chunk_buffers(db))
        return PGN_ENOMEM;
    uint32_t at = db->chunk_games++;
    index_record_encode(r, db->chunk + (size_t)at * INDEX_RECORD_SIZE);
    for (int row = 0; row < INDEX_OPENING_ROWS; row++) {
        unsigned v = row ? r->moves[row - 1] : r->opening;
        opening_row(db, row)[2 * at] = (unsigned char)v;
        opening_row(db, row)[2 * at + 1] = (unsigned char)(v >> 8);
    }
    index_walk_encode(w, db->walks + (size_t)at * INDEX_WALK_SIZE);
    if (buf_append(&db->materials, ig->material, ig->material_len))
        return PGN_ENOMEM;
    for (uint32_t i = 0; i < w->n; i++)
        if (index_postings_add(&db->postings, w->key[i], (uint16_t)at, w->ply[i]))
            return PGN_ENOMEM;
    return PGN_OK;
}

int index_db_prepare_source(struct index_db *db, const char *sql, int64_t source,
                            int64_t chunk, sqlite3_stmt **st)
{
    int rc = sqlite3_prepare_v2(db->h, sql, -1, st, NULL);
    if (rc != SQLITE_OK)
        return index_db_fail(db, rc);
    sqlite3_bind_int64(*st, 1, source);
    if (chunk >= 0)
        sqlite3_bind_int64(*st, 2, chunk);
    return PGN_OK;
}

int index_db_chunked_games(struct index_db *db, int64_t source, uint64_t *games)
{
    sqlite3_stmt *st;
    int rc = index_db_prepare_source(db, "SELECT SUM(games) FROM game_records WHERE source=?1",
                                     source, -1, &st);
    if (rc)
        return rc;
    rc = sqlite3_step(st);
    *games = rc == SQLITE_ROW ? (uint64_t)sqlite3_column_int64(st, 0) : 0;
    sqlite3_finalize(st);
    return rc == SQLITE_ROW ? PGN_OK : index_db_fail(db, rc);
}

/* The opening rows of the first keep games of a chunk an update goes on filling. */
static int keep_openings(struct index_db *db, int64_t source, uint64_t chunk, uint32_t keep)
{
    sqlite3_stmt *st;
    int rc = index_db_prepare_source(db, "SELECT row, data FROM game_openings WHERE source=?1"
                                     " AND chunk=?2", source, (int64_t)chunk, &st);
    if (rc)
        return rc;
    int rows = 0;
    while (keep && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        int row = sqlite3_column_int(st, 0);
        const unsigned char *data = sqlite3_column_blob(st, 1);
        size_t len = (size_t)sqlite3_column_bytes(st, 1), n = 0;
        if (row < 0 || row >= INDEX_OPENING_ROWS || !data ||
            index_opening_row_read(db, row, data, len, opening_row(db, row), &n) != PGN_OK ||
            n < (size_t)keep * 2)
            break;
        rows++;
    }
    sqlite3_finalize(st);
    return !keep || rows == INDEX_OPENING_ROWS ? PGN_OK
                                               : index_db_damaged(db, "opening rows are missing");
}

/* The material runs of the first keep games of a chunk an update goes on filling. */
static int keep_materials(struct index_db *db, int64_t source, uint64_t chunk, uint32_t keep)
{
    buf_reset(&db->materials);
    if (!keep)
        return PGN_OK;
    sqlite3_stmt *st;
    int rc = index_db_prepare_source(db, "SELECT data FROM game_materials WHERE source=?1"
                                     " AND chunk=?2", source, (int64_t)chunk, &st);
    if (rc)
        return rc;
    rc = sqlite3_step(st);
    const unsigned char *data = rc == SQLITE_ROW ? sqlite3_column_blob(st, 0) : NULL;
    size_t len = data ? (size_t)sqlite3_column_bytes(st, 0) : 0, at = 0;
    struct index_material m;
    uint32_t kept = 0;
    for (size_t used; data && kept < keep &&
                      (used = index_material_decode(data + at, len - at, &m)); kept++)
        at += used;
    rc = kept == keep && buf_append(&db->materials, data, at) ? PGN_ENOMEM : PGN_OK;
    sqlite3_finalize(st);
    if (rc)
        return rc;
    return kept == keep ? PGN_OK : index_db_damaged(db, "material runs are missing");
}

/* A posting of a game an update keeps (ctx: the db, whose keep is chunk_games). */
static void keep_posting(void *ctx, uint64_t key, unsigned game, unsigned ply)
{
    struct index_db *db = ctx;
    if (game < db->chunk_games && index_postings_add(&db->postings, key, (uint16_t)game,
                                                     (uint8_t)ply))
        db->postings_failed = 1;
}

/* The walks and postings of the first keep games of a chunk an update goes on filling. */
static int keep_walks(struct index_db *db, int64_t source, uint64_t chunk, uint32_t keep)
{
    db->postings.n = 0;
    if (!keep)
        return PGN_OK;
    sqlite3_stmt *st;
    int rc = index_db_prepare_source(db, "SELECT data FROM game_walks WHERE source=?1"
                                     " AND chunk=?2", source, (int64_t)chunk, &st);
    if (rc)
        return rc;
    rc = sqlite3_step(st);
    const void *data = rc == SQLITE_ROW ? sqlite3_column_blob(st, 0) : NULL;
    int ok = data && (size_t)sqlite3_column_bytes(st, 0) >= (size_t)keep * INDEX_WALK_SIZE;
    if (ok)
        memcpy(db->walks, data, (size_t)keep * INDEX_WALK_SIZE);
    sqlite3_finalize(st);
    if (!ok)
        return index_db_damaged(db, "game walks are missing");
    if ((rc = index_db_prepare_source(db, "SELECT bucket, data FROM game_positions WHERE"
                                      " source=?1 AND chunk=?2 ORDER BY bucket", source,
                                      (int64_t)chunk, &st)))
        return rc;
    unsigned char seen[INDEX_DIRECTORY_SIZE] = { 0 };
    int bad = 0, has_dir = 0;
    db->postings_failed = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        sqlite3_int64 bucket = sqlite3_column_int64(st, 0);
        const unsigned char *row = sqlite3_column_blob(st, 1);
        size_t len = (size_t)sqlite3_column_bytes(st, 1);
        if (bucket == INDEX_DIRECTORY) {
            /* Every row read before it must be one it names, and no other. */
            has_dir = 1;
            bad |= !row || len != INDEX_DIRECTORY_SIZE || memcmp(row, seen, len) != 0;
        } else if (bucket >= 0 && bucket < INDEX_BUCKETS) {
            seen[bucket / 8] |= (unsigned char)(1u << (bucket % 8));
            bad |= index_postings_decode(row, len, 0, keep_posting, db) != PGN_OK;
        } else {
            bad = 1;
        }
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE)
        return index_db_fail(db, rc);
    if (db->postings_failed)
        return PGN_ENOMEM;
    return has_dir && !bad ? PGN_OK : index_db_damaged(db, "position rows are missing");
}

int index_chunk_truncate(struct index_db *db, int64_t source, uint64_t first)
{
    int rc = touch(db, source);
    if (rc == PGN_OK)
        rc = index_chunk_flush(db);
    if (rc)
        return rc;
    uint64_t chunk = (first - 1) / INDEX_CHUNK_GAMES;
    uint32_t keep = (uint32_t)((first - 1) % INDEX_CHUNK_GAMES);
    if (chunk_buffers(db))
        return PGN_ENOMEM;
    db->chunk_source = source;
    db->chunk_index = chunk;
    db->chunk_games = 0;
    sqlite3_stmt *st;
    if ((rc = index_db_prepare_source(db, "SELECT games, data FROM game_records WHERE source=?1"
                                      " AND chunk=?2", source, (int64_t)chunk, &st)))
        return rc;
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW && keep) {
        const void *data = sqlite3_column_blob(st, 1);
        size_t n = (size_t)sqlite3_column_bytes(st, 1);
        if (!data || n < (size_t)keep * INDEX_RECORD_SIZE) {
            sqlite3_finalize(st);
            return index_db_damaged(db, "a blob of game records is too short");
        }
        memcpy(db->chunk, data, (size_t)keep * INDEX_RECORD_SIZE);
        db->chunk_games = keep;
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return index_db_fail(db, rc);
    if (db->chunk_games != keep)
        return index_db_damaged(db, "game records are missing");
    if ((rc = keep_openings(db, source, chunk, keep)) != PGN_OK ||
        (rc = keep_walks(db, source, chunk, keep)) != PGN_OK ||
        (rc = keep_materials(db, source, chunk, keep)) != PGN_OK)
        return rc;
    static const char *const tables[] = { "game_records", "game_openings", "game_walks",
                                          "game_materials", "game_positions",
                                          "game_material_keys", "game_keys" };
    for (size_t i = 0; i < sizeof tables / sizeof *tables; i++) {
        char sql[128];
        snprintf(sql, sizeof sql, "DELETE FROM %s WHERE source=%lld AND chunk>=%llu", tables[i],
                 (long long)source, (unsigned long long)chunk);
        if ((rc = sqlite3_exec(db->h, sql, NULL, NULL, NULL)) != SQLITE_OK)
            return index_db_fail(db, rc);
    }
    return PGN_OK;
}

void index_store_release(struct index_db *db)
{
    if (db->names_loaded)
        for (int k = 0; k < NAMES_KINDS; k++)
            hash_table_release(&db->names[k]);
    if (db->facts_ready)
        game_facts_release(&db->facts);
    free(db->chunk);
    free(db->openings);
    free(db->walks);
    buf_release(&db->materials);
    index_postings_release(&db->postings);
    index_postings_release(&db->keys);
    index_blob_packer_release(&db->packer);
    free(db->touched);
}
