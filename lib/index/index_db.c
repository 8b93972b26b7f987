/* index_db.c - the pgnkit database: schema, sources, game rows (SQLite). */
/* SPDX-License-Identifier: MIT */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/error.h"
#include "notation/notation.h"
#include "pgn/tagvalue.h"
#include "index/index_db_internal.h"
#include "base/banned.h"

/* The documented schema (pgnkit-index(1)): plain tables and views a user can
 * query. Names are stored once (players, events, sites) and games keeps
 * the names through a view: on 109k games that saves more than the column
 * store (game_records) costs. */
static const char schema_sql[] =
    "CREATE TABLE meta(name TEXT PRIMARY KEY, value);"
    "CREATE TABLE sources(id INTEGER PRIMARY KEY, path TEXT NOT NULL, location TEXT,"
    " size INTEGER, mtime_ns INTEGER, fingerprint TEXT, indexed_bytes INTEGER,"
    " plain INTEGER, games INTEGER);"
    "CREATE TABLE players(id INTEGER PRIMARY KEY, name TEXT NOT NULL);"
    "CREATE TABLE events(id INTEGER PRIMARY KEY, name TEXT NOT NULL);"
    "CREATE TABLE sites(id INTEGER PRIMARY KEY, name TEXT NOT NULL);"
    "CREATE TABLE game_rows(id INTEGER PRIMARY KEY,"
    " source INTEGER NOT NULL REFERENCES sources(id), number INTEGER NOT NULL,"
    " offset INTEGER NOT NULL, length INTEGER NOT NULL, line INTEGER, col INTEGER,"
    " white INTEGER REFERENCES players(id), black INTEGER REFERENCES players(id),"
    " event INTEGER REFERENCES events(id), site INTEGER REFERENCES sites(id), date TEXT,"
    " round TEXT, result TEXT, white_elo INTEGER, black_elo INTEGER, eco TEXT, plies INTEGER,"
    " valid INTEGER);"
    "CREATE VIEW games(id, source, number, offset, length, line, col, white, black, event,"
    " site, date, year, round, result, white_elo, black_elo, eco, plies, valid) AS"
    " SELECT g.id, g.source, g.number, g.offset, g.length, g.line, g.col,"
    " (SELECT name FROM players WHERE id = g.white), (SELECT name FROM players WHERE id = g.black),"
    " (SELECT name FROM events WHERE id = g.event), (SELECT name FROM sites WHERE id = g.site),"
    " g.date, CASE WHEN substr(g.date, 1, 4) GLOB '[0-9][0-9][0-9][0-9]'"
    " THEN CAST(substr(g.date, 1, 4) AS INTEGER) END, g.round, g.result, g.white_elo,"
    " g.black_elo, g.eco, g.plies, g.valid FROM game_rows g;"
    "CREATE TABLE game_ids(source INTEGER NOT NULL REFERENCES sources(id),"
    " number INTEGER NOT NULL, id INTEGER NOT NULL, games INTEGER NOT NULL,"
    " PRIMARY KEY(source, number)) WITHOUT ROWID;"
    "CREATE TABLE tags(game INTEGER NOT NULL REFERENCES game_rows(id), name TEXT NOT NULL,"
    " value TEXT NOT NULL);"
    "CREATE TABLE game_records(source INTEGER NOT NULL REFERENCES sources(id),"
    " chunk INTEGER NOT NULL, games INTEGER NOT NULL, checksum INTEGER NOT NULL,"
    " data BLOB NOT NULL, PRIMARY KEY(source, chunk));"
    "CREATE TABLE game_openings(source INTEGER NOT NULL REFERENCES sources(id),"
    " chunk INTEGER NOT NULL, row INTEGER NOT NULL, checksum INTEGER NOT NULL,"
    " data BLOB NOT NULL, PRIMARY KEY(source, chunk, row));"
    "CREATE TABLE game_walks(source INTEGER NOT NULL REFERENCES sources(id),"
    " chunk INTEGER NOT NULL, games INTEGER NOT NULL, checksum INTEGER NOT NULL,"
    " data BLOB NOT NULL, PRIMARY KEY(source, chunk));"
    "CREATE TABLE game_materials(source INTEGER NOT NULL REFERENCES sources(id),"
    " chunk INTEGER NOT NULL, games INTEGER NOT NULL, checksum INTEGER NOT NULL,"
    " data BLOB NOT NULL, PRIMARY KEY(source, chunk));"
    "CREATE TABLE game_positions(source INTEGER NOT NULL REFERENCES sources(id),"
    " chunk INTEGER NOT NULL, bucket INTEGER NOT NULL, checksum INTEGER NOT NULL,"
    " data BLOB NOT NULL, PRIMARY KEY(source, chunk, bucket));"
    "CREATE TABLE game_material_keys(source INTEGER NOT NULL REFERENCES sources(id),"
    " chunk INTEGER NOT NULL, bucket INTEGER NOT NULL, checksum INTEGER NOT NULL,"
    " data BLOB NOT NULL, PRIMARY KEY(source, chunk, bucket));"
    "CREATE TABLE game_keys(source INTEGER NOT NULL REFERENCES sources(id),"
    " field INTEGER NOT NULL, value INTEGER NOT NULL, chunk INTEGER NOT NULL,"
    " games BLOB NOT NULL, PRIMARY KEY(source, field, value, chunk)) WITHOUT ROWID;"
    "CREATE TABLE tree_counts(source INTEGER NOT NULL REFERENCES sources(id),"
    " key INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY(source, key)) WITHOUT ROWID;"
    "CREATE TABLE tree_sources(source INTEGER PRIMARY KEY REFERENCES sources(id),"
    " summary BLOB NOT NULL, late BLOB NOT NULL, unsure BLOB NOT NULL);"
    "CREATE TABLE tree_late(source INTEGER NOT NULL REFERENCES sources(id),"
    " grp INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY(source, grp)) WITHOUT ROWID;"
    "CREATE TABLE path_counts(source INTEGER NOT NULL REFERENCES sources(id),"
    " path INTEGER NOT NULL, games INTEGER NOT NULL, PRIMARY KEY(source, path)) WITHOUT ROWID;"
    "CREATE TABLE path_sources(source INTEGER PRIMARY KEY REFERENCES sources(id),"
    " unsure BLOB NOT NULL);"
    "CREATE TABLE tree_served(source INTEGER NOT NULL REFERENCES sources(id),"
    " key INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY(source, key)) WITHOUT ROWID;"
    "CREATE VIEW game_tags(game, name, value) AS"
    " SELECT id, 'Event', event FROM games WHERE event IS NOT NULL"
    " UNION ALL SELECT id, 'Site', site FROM games WHERE site IS NOT NULL"
    " UNION ALL SELECT id, 'Date', date FROM games WHERE date IS NOT NULL"
    " UNION ALL SELECT id, 'Round', round FROM games WHERE round IS NOT NULL"
    " UNION ALL SELECT id, 'White', white FROM games WHERE white IS NOT NULL"
    " UNION ALL SELECT id, 'Black', black FROM games WHERE black IS NOT NULL"
    " UNION ALL SELECT id, 'Result', result FROM games WHERE result IS NOT NULL"
    " UNION ALL SELECT game, name, value FROM tags;";

/* Built after the bulk insert (cheaper than keeping them up to date row by
 * row). Only what pgnkit itself asks (a game's row by its number goes
 * through game_ids, index_game_ids.h): an index per column people query
 * would double the file (on 109k games: 12.7 MB of rows, 11.8 MB more for
 * players, date, ECO and ratings); a user adds them with CREATE INDEX, and
 * an update keeps them. */
static const char index_sql[] =
    "CREATE INDEX IF NOT EXISTS tags_game ON tags(game);";

static const char *const statements[ST_COUNT] = {
    [ST_GAME] = ("INSERT INTO game_rows(source, number, offset, length, line, col, white, black,"
                 " event, site, date, round, result, white_elo, black_elo, eco, plies,"
                 " valid) VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16,?17,"
                 "?18)"),
    [ST_TAG] = "INSERT INTO tags(game, name, value) VALUES(?1, ?2, ?3)",
    [ST_SOURCE_ADD] = "INSERT INTO sources(path, location) VALUES(?1, ?2)",
    [ST_SOURCE_SET] = ("UPDATE sources SET size=?2, mtime_ns=?3, fingerprint=?4,"
                       " indexed_bytes=?5, plain=?6, games=?7 WHERE id=?1"),
    [ST_NAME_PLAYER] = "INSERT INTO players(id, name) VALUES(?1, ?2)",
    [ST_NAME_EVENT] = "INSERT INTO events(id, name) VALUES(?1, ?2)",
    [ST_NAME_SITE] = "INSERT INTO sites(id, name) VALUES(?1, ?2)",
    [ST_OPENING_PUT] = ("INSERT OR REPLACE INTO game_openings(source, chunk, row, checksum,"
                        " data) VALUES(?1, ?2, ?3, ?4, ?5)"),
    [ST_CHUNK_PUT] = ("INSERT OR REPLACE INTO game_records(source, chunk, games, checksum, data)"
                      " VALUES(?1, ?2, ?3, ?4, ?5)"),
    [ST_WALK_PUT] = ("INSERT OR REPLACE INTO game_walks(source, chunk, games, checksum, data)"
                     " VALUES(?1, ?2, ?3, ?4, ?5)"),
    [ST_MATERIAL_PUT] = ("INSERT OR REPLACE INTO game_materials(source, chunk, games, checksum,"
                         " data) VALUES(?1, ?2, ?3, ?4, ?5)"),
    [ST_POSITION_PUT] = ("INSERT OR REPLACE INTO game_positions(source, chunk, bucket, checksum,"
                         " data) VALUES(?1, ?2, ?3, ?4, ?5)"),
    [ST_MATERIAL_KEY_PUT] = ("INSERT OR REPLACE INTO game_material_keys(source, chunk, bucket,"
                             " checksum, data) VALUES(?1, ?2, ?3, ?4, ?5)"),
    [ST_KEY_PUT] = ("INSERT OR REPLACE INTO game_keys(source, field, value, chunk, games)"
                    " VALUES(?1, ?2, ?3, ?4, ?5)"),
};

int index_db_is_database(const char *path)
{
    static const char magic[16] = "SQLite format 3";
    char head[16];
    FILE *f = path ? fopen(path, "rb") : NULL;
    if (!f)
        return 0;
    size_t n = fread(head, 1, sizeof head, f);
    fclose(f);
    return n == sizeof head && !memcmp(head, magic, sizeof magic);
}

int index_db_fail(struct index_db *db, int rc)
{
    snprintf(db->msg, sizeof db->msg, "%s", db->h ? sqlite3_errmsg(db->h) : sqlite3_errstr(rc));
    return rc == SQLITE_NOMEM ? PGN_ENOMEM : PGN_EIO;
}

int index_db_exec(struct index_db *db, const char *sql)
{
    int rc = sqlite3_exec(db->h, sql, NULL, NULL, NULL);
    return rc == SQLITE_OK ? PGN_OK : index_db_fail(db, rc);
}

int index_db_unmap_past(struct index_db *db, uint64_t bytes)
{
    return bytes > INDEX_MAPPED_MAX ? index_db_exec(db, "PRAGMA mmap_size=0") : PGN_OK;
}

static int prepare_all(struct index_db *db)
{
    for (int i = 0; i < ST_COUNT; i++) {
        int rc = sqlite3_prepare_v2(db->h, statements[i], -1, &db->st[i], NULL);
        if (rc != SQLITE_OK)
            return index_db_fail(db, rc);
    }
    return PGN_OK;
}

static int open_handle(struct index_db **out, const char *path, int flags)
{
    struct index_db *db = calloc(1, sizeof *db);
    *out = db;
    if (!db)
        return PGN_ENOMEM;
    buf_init(&db->materials, (size_t)INDEX_CHUNK_GAMES * INDEX_MATERIAL_MAX);
    int rc = sqlite3_open_v2(path, &db->h, flags, NULL);
    if (rc != SQLITE_OK)
        return index_db_fail(db, rc);
    /* A reader waits for an update's commit instead of failing. The cache
     * is bounded (64 MB) whatever the database: the build's peak memory. */
    sqlite3_busy_timeout(db->h, 30000);
    return index_db_exec(db, "PRAGMA cache_size=-65536");
}

int index_db_create(struct index_db **out, const char *path)
{
    /* One thread writes a new database (struct index_db is not shared):
     * without the connection's mutex, each of the build's million binds and
     * steps saves a lock and an unlock (2% of a build). */
    int rc = open_handle(out, path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
                                        SQLITE_OPEN_NOMUTEX);
    struct index_db *db = *out;
    if (rc != PGN_OK)
        return rc;
    db->bulk = 1;
    char meta[256];
    snprintf(meta, sizeof meta, "INSERT INTO meta VALUES('format', 'pgnkit-index');"
             "INSERT INTO meta VALUES('schema_version', %d);"
             "INSERT INTO meta VALUES('nested_comments', 0);", INDEX_SCHEMA_VERSION);
    /* Pages of 64 KB: a chunk's blobs (records 160 KB, walks 96 KB, positions
     * about 4 KB a bucket) take a few pages each instead of chains of 4 KB
     * overflow pages that every query walks. The cache is set again after the
     * page size: it is counted in pages of the size it was set with. No
     * journal: until the rename that publishes it, nobody reads this file. */
    if ((rc = index_db_exec(db, "PRAGMA page_size=65536; PRAGMA cache_size=-65536;"
                       " PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;")) ||
        (rc = index_db_exec(db, "BEGIN")) || (rc = index_db_exec(db, schema_sql)) || (rc = index_db_exec(db, meta)))
        return rc;
    db->in_tx = 1;
    return prepare_all(db);
}

int index_db_open(struct index_db **out, const char *path, int writable)
{
    int rc = open_handle(out, path, writable ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY);
    struct index_db *db = *out;
    if (rc != PGN_OK)
        return rc;
    /* A query reads sources, records and names in one read transaction, from
     * its first read to index_db_close(): an update committed meanwhile is
     * seen wholly or not at all, never the sources of one state and the
     * records of the other. (The update waits for the read to end.) */
    if (!writable && (rc = index_db_exec(db, "BEGIN")))
        return rc;
    sqlite3_stmt *st;
    rc = sqlite3_prepare_v2(db->h, "SELECT value FROM meta WHERE name='schema_version'", -1, &st,
                            NULL);
    if (rc != SQLITE_OK) {
        snprintf(db->msg, sizeof db->msg, "not a pgnkit database");
        return PGN_EINVAL;
    }
    rc = sqlite3_step(st);
    int version = rc == SQLITE_ROW ? sqlite3_column_int(st, 0) : 0;
    sqlite3_finalize(st);
    if (version != INDEX_SCHEMA_VERSION) {
        snprintf(db->msg, sizeof db->msg, !version ? "not a pgnkit database"
                 : version > INDEX_SCHEMA_VERSION ? "database schema %d is newer than this "
                 "pgnkit's (%d)" : "database schema %d is older than this pgnkit's (%d): build "
                 "it again with pgnkit index", version, INDEX_SCHEMA_VERSION);
        return PGN_EINVAL;
    }
    /* An update commits through a rollback journal, synced: a crash at any
     * point leaves the last committed state, and readers see old or new. */
    if (writable && (rc = index_db_exec(db, "PRAGMA journal_mode=DELETE; PRAGMA synchronous=FULL;")))
        return rc;
    /* A query reads the blobs of records through a map: no copy per page. */
    if (!writable && (rc = index_db_exec(db, "PRAGMA mmap_size=4294967296")))
        return rc;
    return writable ? prepare_all(db) : PGN_OK;
}

int index_db_nested_comments(struct index_db *db)
{
    sqlite3_stmt *st;
    int nested = 0;
    if (sqlite3_prepare_v2(db->h, "SELECT value FROM meta WHERE name='nested_comments'", -1, &st,
                           NULL) == SQLITE_OK) {
        nested = sqlite3_step(st) == SQLITE_ROW && sqlite3_column_int(st, 0) == 1;
        sqlite3_finalize(st);
    }
    return nested;
}

int index_db_set_nested_comments(struct index_db *db)
{
    return index_db_exec(db, "UPDATE meta SET value=1 WHERE name='nested_comments'");
}

const char *index_db_message(const struct index_db *db)
{
    return db && db->msg[0] ? db->msg : "out of memory";
}

int index_db_begin(struct index_db *db)
{
    int rc = index_db_exec(db, "BEGIN IMMEDIATE");
    db->in_tx = rc == PGN_OK;
    return rc;
}

void index_db_set_threads(struct index_db *db, int threads)
{
    db->threads = threads;
}

int index_db_finish(struct index_db *db)
{
    int rc = index_chunk_flush(db);
    if (rc == PGN_OK)
        rc = index_game_ids_flush(db);
    /* The tree's counts of each source whose games changed, made from what
     * was just written (index_counts_build.c). */
    for (size_t i = 0; rc == PGN_OK && i < db->ntouched; i++)
        rc = index_counts_rebuild(db, db->touched[i]);
    db->ntouched = 0;
    if (rc == PGN_OK)
        rc = index_db_exec(db, index_sql);
    if (rc == PGN_OK && db->bulk)
        rc = index_db_exec(db, "ANALYZE");
    if (rc == PGN_OK)
        rc = index_db_exec(db, "COMMIT");
    db->in_tx = 0;
    if (rc == PGN_OK && db->bulk)
        rc = index_db_exec(db, "PRAGMA journal_mode=DELETE");
    return rc;
}

void index_db_close(struct index_db *db)
{
    if (!db)
        return;
    for (int i = 0; i < ST_COUNT; i++)
        sqlite3_finalize(db->st[i]);
    sqlite3_finalize(db->span);
    index_game_ids_release(&db->ids);
    if (db->in_tx)
        sqlite3_exec(db->h, "ROLLBACK", NULL, NULL, NULL);
    sqlite3_close(db->h);
    index_store_release(db);
    free(db);
}

static char *column_strdup(sqlite3_stmt *st, int col)
{
    const unsigned char *s = sqlite3_column_text(st, col);
    return s ? strdup((const char *)s) : NULL;
}

int index_db_sources(struct index_db *db, struct index_source **out, size_t *n)
{
    sqlite3_stmt *st;
    *out = NULL;
    *n = 0;
    int rc = sqlite3_prepare_v2(db->h, "SELECT id, path, location, size, mtime_ns, fingerprint,"
                                " indexed_bytes, plain, games FROM sources ORDER BY id", -1, &st,
                                NULL);
    if (rc != SQLITE_OK)
        return index_db_fail(db, rc);
    size_t cap = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (*n == cap) {
            cap = cap ? 2 * cap : 4;
            struct index_source *grown = realloc(*out, cap * sizeof **out);
            if (!grown) {
                rc = SQLITE_NOMEM;
                break;
            }
            *out = grown;
        }
        struct index_source *s = &(*out)[(*n)++];
        s->id = sqlite3_column_int64(st, 0);
        s->path = column_strdup(st, 1);
        s->location = column_strdup(st, 2);
        s->size = (uint64_t)sqlite3_column_int64(st, 3);
        s->mtime_ns = sqlite3_column_int64(st, 4);
        const unsigned char *fp = sqlite3_column_text(st, 5);
        s->fingerprint = fp ? strtoull((const char *)fp, NULL, 16) : 0;
        s->indexed_bytes = (uint64_t)sqlite3_column_int64(st, 6);
        s->plain = sqlite3_column_int(st, 7);
        s->games = (uint64_t)sqlite3_column_int64(st, 8);
        if (!s->path) {
            rc = SQLITE_NOMEM;
            break;
        }
    }
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? PGN_OK : index_db_fail(db, rc);
}

void index_sources_free(struct index_source *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(s[i].path);
        free(s[i].location);
    }
    free(s);
}

/* Runs a prepared insert or update to its end and resets it. */
static int run(struct index_db *db, sqlite3_stmt *st)
{
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return rc == SQLITE_DONE ? PGN_OK : index_db_fail(db, rc);
}

int index_db_add_source(struct index_db *db, struct index_source *src)
{
    sqlite3_stmt *st = db->st[ST_SOURCE_ADD];
    sqlite3_bind_text(st, 1, src->path, -1, SQLITE_TRANSIENT);
    if (src->location)
        sqlite3_bind_text(st, 2, src->location, -1, SQLITE_TRANSIENT);
    int rc = run(db, st);
    src->id = sqlite3_last_insert_rowid(db->h);
    return rc;
}

int index_db_set_source(struct index_db *db, const struct index_source *src)
{
    int rc = index_chunk_flush(db);
    if (rc == PGN_OK)
        rc = index_game_ids_flush(db);
    if (rc)
        return rc;
    sqlite3_stmt *st = db->st[ST_SOURCE_SET];
    char fp[24];
    snprintf(fp, sizeof fp, "%016llx", (unsigned long long)src->fingerprint);
    sqlite3_bind_int64(st, 1, src->id);
    sqlite3_bind_int64(st, 2, (sqlite3_int64)src->size);
    sqlite3_bind_int64(st, 3, src->mtime_ns);
    sqlite3_bind_text(st, 4, fp, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 5, (sqlite3_int64)src->indexed_bytes);
    sqlite3_bind_int(st, 6, src->plain);
    sqlite3_bind_int64(st, 7, (sqlite3_int64)src->games);
    return run(db, st);
}

/* The columns of games that hold a tag, by enum game_tag_id (0: in the tags table). */
static int tag_column(unsigned id)
{
    switch (id) {
    case GAME_TAG_WHITE: return 7;
    case GAME_TAG_BLACK: return 8;
    case GAME_TAG_EVENT: return 9;
    case GAME_TAG_SITE: return 10;
    case GAME_TAG_DATE: return 11;
    case GAME_TAG_ROUND: return 12;
    case GAME_TAG_RESULT: return 13;
    case GAME_TAG_WHITE_ELO: return 14;
    case GAME_TAG_BLACK_ELO: return 15;
    case GAME_TAG_ECO: return 16;
    default: return 0;
    }
}

/* Binds a tag to its column: names by their ids (set apart), ratings as
 * numbers (text when not one), the rest as text. */
static void bind_tag(sqlite3_stmt *st, int col, const struct game_tag *t)
{
    int64_t v;
    char text[24];
    if (col <= 10)
        return;
    /* A rating is a number only when that number's text is the value (the
     * tags are rebuilt from the columns: "02400" stays text). */
    if ((col == 14 || col == 15) && !tagvalue_number(t->value, t->value_len, &v) &&
        (size_t)snprintf(text, sizeof text, "%lld", (long long)v) == t->value_len &&
        !memcmp(text, t->value, t->value_len))
        sqlite3_bind_int64(st, col, v);
    else
        sqlite3_bind_text(st, col, t->value, (int)t->value_len, SQLITE_STATIC);
}

/* The ids of ig's names, bound to their columns and set in its record. */
static int bind_names(struct index_db *db, struct index_game *ig, sqlite3_stmt *st)
{
    static const int kinds[IR_NAMES] = { NAMES_PLAYERS, NAMES_PLAYERS, NAMES_EVENTS,
                                         NAMES_SITES };
    for (int i = 0; i < IR_NAMES; i++) {
        if (!ig->names[i])
            continue;
        int rc = index_names_id(db, kinds[i], ig->names[i], ig->name_lens[i], &ig->rec.name[i]);
        if (rc)
            return rc;
        sqlite3_bind_int64(st, 7 + i, ig->rec.name[i]);
    }
    return PGN_OK;
}

/* The tags without a column of their own go to the tags table, in input order. */
static int add_other_tags(struct index_db *db, const struct game *g, const unsigned char *seen,
                          sqlite3_int64 id)
{
    sqlite3_stmt *st = db->st[ST_TAG];
    for (uint32_t i = 0; i < g->ntags; i++) {
        if (seen[i])
            continue;
        const struct game_tag *t = &g->tags[i];
        sqlite3_bind_int64(st, 1, id);
        sqlite3_bind_text(st, 2, t->name, (int)t->name_len, SQLITE_STATIC);
        sqlite3_bind_text(st, 3, t->value, (int)t->value_len, SQLITE_STATIC);
        int rc = run(db, st);
        if (rc != PGN_OK)
            return rc;
    }
    return PGN_OK;
}

int index_db_store_game(struct index_db *db, int64_t source, const struct game *g,
                        const struct pgn_span_origin *o, struct index_game *ig)
{
    sqlite3_stmt *st = db->st[ST_GAME];
    unsigned char small[256], *seen = g->ntags <= sizeof small ? small : calloc(g->ntags, 1);
    if (!seen)
        return PGN_ENOMEM;
    memset(seen, 0, g->ntags <= sizeof small ? sizeof small : 0);
    sqlite3_bind_int64(st, 1, source);
    sqlite3_bind_int64(st, 2, (sqlite3_int64)g->index);
    sqlite3_bind_int64(st, 3, (sqlite3_int64)g->offset);
    sqlite3_bind_int64(st, 4, (sqlite3_int64)g->raw_size);
    if (o) {
        sqlite3_bind_int64(st, 5, (sqlite3_int64)o->line);
        sqlite3_bind_int64(st, 6, o->col);
    }
    /* The first tag of a name gets the column; a repeated name goes to tags. */
    unsigned char filled[20] = { 0 };
    for (uint32_t i = 0; i < g->ntags; i++) {
        unsigned id = g->tags[i].id ? g->tags[i].id : pgn_tag_id(g->tags[i].name,
                                                                 g->tags[i].name_len);
        int col = tag_column(id);
        if (col && !filled[col]) {
            filled[col] = 1;
            seen[i] = 1;
            bind_tag(st, col, &g->tags[i]);
        }
    }
    if (ig->replayed) {
        sqlite3_bind_int64(st, 17, ig->plies);
        sqlite3_bind_int(st, 18, ig->valid);
    }
    int rc = bind_names(db, ig, st);
    if (rc == PGN_OK)
        rc = run(db, st);
    else
        sqlite3_reset(st), sqlite3_clear_bindings(st);
    sqlite3_int64 id = sqlite3_last_insert_rowid(db->h);
    if (rc == PGN_OK)
        rc = index_game_ids_note(db, source, g->index, id);
    if (rc == PGN_OK)
        rc = add_other_tags(db, g, seen, id);
    if (rc == PGN_OK)
        rc = index_chunk_add(db, source, ig);
    if (seen != small)
        free(seen);
    return rc;
}

int index_db_add_game(struct index_db *db, int64_t source, struct game *g,
                      const struct pgn_span_origin *o, const struct replay *r)
{
    struct index_game ig;
    if (!db->facts_ready) {
        game_facts_init(&db->facts, NOTATION_AUTO);
        db->facts_ready = 1;
    }
    index_game_of(&db->facts, g, r, &ig);
    return index_db_store_game(db, source, g, o, &ig);
}

/* The span of row id into *out, which must be game number of source: PGN_OK,
 * PGN_EFORMAT (no such row, or another game's: the database is damaged), PGN_EIO. */
static int row_span(struct index_db *db, sqlite3_int64 id, int64_t source, uint64_t number,
                    struct index_span *out)
{
    int rc;
    if (!db->span && (rc = sqlite3_prepare_v2(db->h, "SELECT offset, length, line, col, source,"
                                              " number FROM game_rows WHERE id=?1", -1,
                                              &db->span, NULL)) != SQLITE_OK)
        return index_db_fail(db, rc);
    sqlite3_bind_int64(db->span, 1, id);
    rc = sqlite3_step(db->span);
    if (rc == SQLITE_ROW) {
        sqlite3_int64 offset = sqlite3_column_int64(db->span, 0);
        sqlite3_int64 length = sqlite3_column_int64(db->span, 1);
        out->offset = (uint64_t)offset;
        out->length = (uint64_t)length;
        out->has_origin = sqlite3_column_type(db->span, 2) != SQLITE_NULL;
        out->origin.index = number;
        out->origin.offset = out->offset;
        out->origin.line = (uint64_t)sqlite3_column_int64(db->span, 2);
        out->origin.col = (uint32_t)sqlite3_column_int64(db->span, 3);
        if (offset < 0 || length < 0 || sqlite3_column_int64(db->span, 4) != source ||
            (uint64_t)sqlite3_column_int64(db->span, 5) != number)
            rc = SQLITE_CORRUPT;
    }
    sqlite3_reset(db->span);
    if (rc == SQLITE_ROW)
        return PGN_OK;
    return rc == SQLITE_DONE || rc == SQLITE_CORRUPT
               ? index_db_damaged(db, "a game's row is missing or wrong") : index_db_fail(db, rc);
}

int index_db_last_game(struct index_db *db, int64_t source, struct pgn_span_origin *o)
{
    uint64_t number;
    int64_t id;
    struct index_span at;
    int rc = index_game_ids_last(db, source, &number, &id);
    if (rc == 1 && (rc = row_span(db, id, source, number, &at)) == PGN_OK) {
        *o = at.origin;
        return 1;
    }
    return rc;
}

int index_db_drop_games(struct index_db *db, int64_t source, uint64_t first)
{
    int rc = index_game_ids_drop(db, source, first);
    return rc ? rc : index_chunk_truncate(db, source, first);
}

int index_db_game_span(struct index_db *db, int64_t source, uint64_t number,
                       struct index_span *out)
{
    int64_t id;
    int rc = index_game_ids_find(db, source, number, &id);
    if (rc == 0)
        return index_db_damaged(db, "a game's row is missing or wrong");
    return rc < 0 ? rc : row_span(db, id, source, number, out);
}
