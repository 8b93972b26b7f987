/* index_db_internal.h - inside lib/index: the database handle the store and the planner share. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_INDEX_DB_INTERNAL_H
#define LIB_INDEX_DB_INTERNAL_H

#include <sqlite3.h>
#include "base/hash_table.h"
#include "base/buf.h"
#include "index/index_db.h"
#include "index/index_game.h"
#include "index/index_game_ids.h"
#include "index/index_positions.h"
#include "index/index_records.h"
#include "index/index_size_blob.h"
#include "index/index_walk.h"
#include "query/game_facts.h"

enum { ST_GAME, ST_TAG, ST_SOURCE_ADD, ST_SOURCE_SET, ST_NAME_PLAYER, ST_NAME_EVENT,
       ST_NAME_SITE, ST_CHUNK_PUT, ST_OPENING_PUT, ST_WALK_PUT, ST_MATERIAL_PUT, ST_POSITION_PUT,
       ST_MATERIAL_KEY_PUT, ST_KEY_PUT, ST_COUNT };

/* The name tables, one dictionary each (White and Black share players). */
enum { NAMES_PLAYERS, NAMES_EVENTS, NAMES_SITES, NAMES_KINDS };

struct index_db {
    sqlite3 *h;
    sqlite3_stmt *st[ST_COUNT];
    int bulk;     /* made by index_db_create: indexes come at the end */
    int in_tx;    /* a transaction is open */
    char msg[256];
    /* Writing: the facts of the game being added, the name dictionaries
     * (loaded on the first game of an update), the chunk being filled. */
    struct game_facts facts;
    int facts_ready, names_loaded;
    struct hash_table names[NAMES_KINDS]; /* name -> uint32_t id */
    uint32_t nnames[NAMES_KINDS];
    int64_t chunk_source;     /* 0: no chunk open */
    uint64_t chunk_index;     /* games chunk_index * INDEX_CHUNK_GAMES + 1 on */
    uint32_t chunk_games;
    unsigned char *chunk;     /* INDEX_CHUNK_GAMES records */
    unsigned char *openings;  /* INDEX_OPENING_ROWS rows of INDEX_CHUNK_GAMES u16 */
    unsigned char *walks;     /* INDEX_CHUNK_GAMES walk records */
    struct buf materials;     /* the chunk's material runs (index_material.h), game after game */
    struct index_postings postings; /* the chunk's positions */
    struct index_postings keys; /* the chunk's material keys (index_material_keys.h), made when it is written */
    int postings_failed;      /* out of memory while an update reloads them */
    struct index_blob_packer packer; /* the zstd contexts of the squeezed blobs */
    sqlite3_stmt *span;       /* index_db_game_span()'s, prepared on first use */
    struct index_game_ids ids; /* (source, number) -> id (index_game_ids.h) */
    /* Blobs of game records a query read (the tests count them: a query
     * through game_keys reads only the chunks that hold a candidate). */
    uint64_t record_reads;
    int64_t *touched;         /* the sources whose games this build or update wrote */
    size_t ntouched, touched_cap;
    /* The late games a rebuild of the counts holds in memory at most (0: its
     * own bound), and the slots of the stage tables of the tree counts and
     * of the path counts (0: their own sizes; else a power of two); the
     * tests make them small to take the paths of a big source. */
    size_t late_held_max, stage_slots;
    int threads; /* index_db_set_threads() */
};

/**
 * The first size of a stage table that grows up to most slots (a power of
 * two): a quarter of its most, at most first (a small source does not pay
 * for clearing a big table), or the most itself when a quarter is under 4
 * slots (the tests' small tables).
 */
static inline size_t index_stage_first_slots(size_t most, size_t first)
{
    size_t n = most / 4 < first ? most / 4 : first;
    return n < 4 ? most : n;
}

/** The tables of the name kinds: "players", "events", "sites". */
extern const char *const index_names_table[NAMES_KINDS];

/** Records SQLite's message for rc and returns PGN_EIO (PGN_ENOMEM for SQLITE_NOMEM). */
int index_db_fail(struct index_db *db, int rc);

/*
 * The most bytes a query reading every chunk of a table reads through the
 * map of the file (index_db_open maps a read-only database): up to there
 * the map is faster (at 1.75M games, 0.04 s of CPU mapped against 0.07 s
 * through the cache for every record) and the process stays far below
 * 256 MB; past it SQLite's page cache (64 MB) bounds the memory, as every
 * page read through the map stays in the process.
 */
enum { INDEX_MAPPED_MAX = 128 << 20 };

/** Turns db's map of the file off when a read of bytes is past INDEX_MAPPED_MAX: PGN_OK or a status. */
int index_db_unmap_past(struct index_db *db, uint64_t bytes);

/** Runs sql (statements without results) on db: PGN_OK or index_db_fail()'s status. */
int index_db_exec(struct index_db *db, const char *sql);

/** Sets db's message (printf-like) and returns PGN_EFORMAT: the database is damaged. */
int index_db_damaged(struct index_db *db, const char *what);

/** Prepares sql into *st with ?1 = source and (chunk >= 0) ?2 = chunk; PGN_OK or PGN_EIO. */
int index_db_prepare_source(struct index_db *db, const char *sql, int64_t source,
                            int64_t chunk, sqlite3_stmt **st);

/** The games the chunks of source hold (the sum of its game_records' games) into *games; PGN_OK or a status. */
int index_db_chunked_games(struct index_db *db, int64_t source, uint64_t *games);

/* A name of a name table: its id and text; PGN_OK to go on, else a status that stops. */
typedef int index_name_fn(void *ctx, uint32_t id, const char *s, size_t len);

/**
 * Calls fn for every name of table kind (NAMES_PLAYERS..), by id. PGN_OK,
 * fn's status, PGN_ENOMEM, PGN_EFORMAT (an id out of range) or PGN_EIO.
 */
int index_names_each(struct index_db *db, int kind, index_name_fn *fn, void *ctx);

/** The id of name s[0..len) of kind (added to its table when new) into *id. */
int index_names_id(struct index_db *db, int kind, const char *s, size_t len, uint32_t *id);

/**
 * As index_chunk_put_blob, the blob data[0..n) squeezed (index_size_blob.h).
 * PGN_OK, PGN_ENOMEM or PGN_EIO.
 */
int index_chunk_put_packed(struct index_db *db, sqlite3_stmt *st, int64_t third,
                           const unsigned char *data, size_t n);

/**
 * Opening row row of a chunk as stored, data[0..len), into dst (room for
 * INDEX_CHUNK_GAMES games) and its size into *n: copied, or unpacked from
 * rows INDEX_OPENING_PACKED on. PGN_OK, PGN_EFORMAT or PGN_ENOMEM.
 */
int index_opening_row_read(struct index_db *db, int row, const unsigned char *data, size_t len,
                           unsigned char *dst, size_t *n);

/** Appends the record, walk and material runs of the next game of source to the chunks (games in input order). */
int index_chunk_add(struct index_db *db, int64_t source, const struct index_game *ig);

/** Writes a blob row with st: (source, chunk) of the chunk open, third, checksum, data[0..n). */
int index_chunk_put_blob(struct index_db *db, sqlite3_stmt *st, int64_t third,
                         const unsigned char *data, size_t n);

/** Writes the chunk being filled, if any. */
int index_chunk_flush(struct index_db *db);

/** Drops the records of source from game number first on; the next one added is first's. */
int index_chunk_truncate(struct index_db *db, int64_t source, uint64_t first);

/**
 * The records of chunk chunk of source, which has games games, into *data
 * (SQLite's, valid until *st is reset or finalized; checked against their
 * checksum). PGN_OK, PGN_EFORMAT, PGN_EIO.
 */
int index_chunk_records(struct index_db *db, sqlite3_stmt **st, int64_t source, uint64_t chunk,
                        uint32_t games, const unsigned char **data);

/**
 * The walk records of chunk chunk of source, which has games games, into
 * out[games * INDEX_WALK_SIZE] (checked against its checksum); *st is the
 * caller's statement cache (finalize it when done). PGN_OK, PGN_EFORMAT, PGN_EIO.
 */
int index_chunk_walks(struct index_db *db, sqlite3_stmt **st, int64_t source, uint64_t chunk,
                      uint32_t games, unsigned char *out);

/**
 * For each of the games games of the chunk, ply1[i] = the ply + 1 at which
 * its walk first meets key, or 0 when it does not. PGN_OK, PGN_EFORMAT, PGN_EIO.
 */
int index_chunk_hits(struct index_db *db, sqlite3_stmt **st, int64_t source, uint64_t chunk,
                     uint64_t key, uint32_t games, unsigned char *ply1);

/**
 * For each of the games games of the chunk, sides[i] = the sides to move
 * (MK_WHITE, MK_BLACK) with which game i has the material of key[0] or
 * key[1] (with their rows, index_material_keys.h; the same key twice for one), or
 * both when only the scan can tell (the key MATERIAL_KEY_UNSURE); 0 when it
 * never has them. PGN_OK, PGN_EFORMAT, PGN_EIO.
 */
int index_chunk_key_sides(struct index_db *db, sqlite3_stmt **st, int64_t source,
                          uint64_t chunk, const uint64_t key[2], uint32_t games,
                          unsigned char *sides);

/**
 * The material blob of chunk chunk of source (games games, checked against
 * its checksum) into *out (the caller's, reused). PGN_OK, PGN_EFORMAT, PGN_EIO.
 */
int index_chunk_materials(struct index_db *db, sqlite3_stmt **st, int64_t source,
                          uint64_t chunk, uint32_t games, struct buf *out);

/* The rows of one chunk of the position index, copied out of SQLite (index_chunk_rows_read()). */
struct index_chunk_rows {
    struct buf data; /* the rows' blobs, one after another */
    size_t n;
    struct {
        unsigned bucket;
        size_t at, len; /* where its blob is in data */
    } row[256];
};

/**
 * The rows of chunk chunk of source (game_positions) whose buckets are in
 * want (a bit a bucket; NULL: every bucket), each checked against its
 * checksum and copied into rows (the caller's, reused: buf_init() its data
 * first, buf_release() it last), so that another thread may read them
 * (index_helper.h); *st is the caller's statement cache. PGN_OK,
 * PGN_EFORMAT, PGN_EIO, PGN_ENOMEM.
 */
int index_chunk_rows_read(struct index_db *db, sqlite3_stmt **st, int64_t source,
                          uint64_t chunk, const uint64_t want[4], struct index_chunk_rows *rows);

/** Row i of rows: its blob, and its length into *len. */
static inline const unsigned char *index_chunk_row(const struct index_chunk_rows *rows, size_t i,
                                                   size_t *len)
{
    *len = rows->row[i].len;
    return (const unsigned char *)rows->data.data + rows->row[i].at;
}

/**
 * The first nrows opening rows (game_openings) of the chunk, of games games
 * each, copied into buf (INDEX_OPENING_ROWS * INDEX_CHUNK_GAMES * 2 bytes)
 * and pointed to by rows[0..nrows) (checked). PGN_OK, PGN_EFORMAT, PGN_EIO.
 */
int index_chunk_openings(struct index_db *db, sqlite3_stmt **st, int64_t source,
                         uint64_t chunk, uint32_t games, int nrows, unsigned char *buf,
                         const unsigned char *rows[INDEX_OPENING_ROWS]);

/**
 * Makes the tree's counts of source (index_counts.h) again from its walks,
 * opening moves and position index, replacing its rows. PGN_OK,
 * PGN_EFORMAT (damage), PGN_EIO, PGN_ENOMEM.
 */
int index_counts_rebuild(struct index_db *db, int64_t source);

/** Frees the writing state. */
void index_store_release(struct index_db *db);

#endif
