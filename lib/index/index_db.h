/* index_db.h - the pgnkit database: one SQLite file of sources and games beside the PGN. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_INDEX_DB_H
#define LIB_INDEX_DB_H

#include <stddef.h>
#include <stdint.h>
#include "index/index_game.h"
#include "pgn/game.h"
#include "pgn/pgn_reader.h"
#include "replay/replay.h"

/*
 * The PGN files stay the source of truth: the database records where each
 * game's bytes are (source file, offset, length, and where its span starts:
 * game number, line, column) with the facts people ask about, so a query can
 * pick the games it needs and read them from the source again. The schema
 * (INDEX_SCHEMA_VERSION) is documented in pgnkit-index(1) and is stable:
 * later versions add tables and columns, never change these.
 *
 *   struct index_db *db;
 *   index_db_create(&db, "games.pgnkit.tmp");      // empty, built in bulk
 *   index_db_add_source(db, &src);                   // src.id set
 *   for each game: index_db_add_game(db, src.id, &g, &origin, &replay);
 *   index_db_set_source(db, &src);                   // sizes, fingerprint
 *   index_db_finish(db);                             // indexes, commit
 *   index_db_close(db);
 *
 * Errors: every function returns PGN_OK or a negative status (PGN_EIO for
 * what SQLite refused, PGN_ENOMEM); index_db_message() says what SQLite said.
 */

enum { INDEX_SCHEMA_VERSION = 16 };

/* One source file, as the sources table holds it. */
struct index_source {
    int64_t id;
    char *path;             /* as given when indexed: the name in messages */
    char *location;         /* absolute path when indexed (may be NULL) */
    uint64_t size;          /* file size when indexed */
    int64_t mtime_ns;       /* modification time when indexed, ns since the epoch */
    uint64_t fingerprint;   /* index_fingerprint() of bytes [0, indexed_bytes) */
    uint64_t indexed_bytes; /* the bytes whose games are in the database */
    int plain;              /* 1: uncompressed, offsets are file offsets */
    uint64_t games;         /* games of this source in the database */
};

struct index_db;

/** 1 when the file path starts with the SQLite magic "SQLite format 3\0", else 0. */
int index_db_is_database(const char *path);

/**
 * Creates a new database at path (which must not exist), with the schema,
 * set up for a bulk build (no journal: a crash loses only this new file)
 * and a transaction open. Returns PGN_OK and *out, or PGN_EIO.
 */
int index_db_create(struct index_db **out, const char *path);

/**
 * Opens the database at path, read-only or (writable) for an update, with
 * a rollback journal so that a crash keeps the last committed state.
 * PGN_EINVAL: not a pgnkit database (or of a later schema).
 */
int index_db_open(struct index_db **out, const char *path, int writable);

/**
 * How the sources were read (meta row 'nested_comments'): 1 when braces
 * nest in their comments (PGN_READER_NESTED_COMMENTS), 0 when not; a query
 * must read them the same way to give the scan's answers.
 */
int index_db_nested_comments(struct index_db *db);

/** Records that the sources of a new database are read with nested comments. */
int index_db_set_nested_comments(struct index_db *db);

/** What SQLite said about the last failure (static or owned by db). */
const char *index_db_message(const struct index_db *db);

/** Starts a transaction (an update); readers keep seeing the old state until commit. */
int index_db_begin(struct index_db *db);

/**
 * How many threads index_db_finish() may use for the counts it makes (1,
 * the default, or 2: the second takes half of each chunk's postings).
 */
void index_db_set_threads(struct index_db *db, int threads);

/** Builds the secondary indexes when bulk (index_db_create) and commits. */
int index_db_finish(struct index_db *db);

/** Closes db (NULL is allowed); an open transaction is rolled back. */
void index_db_close(struct index_db *db);

/**
 * The sources, in the order they were indexed: *out (owned by the caller,
 * freed with index_sources_free) and *n.
 */
int index_db_sources(struct index_db *db, struct index_source **out, size_t *n);

/** Frees what index_db_sources() returned. */
void index_sources_free(struct index_source *s, size_t n);

/** Adds src as a new source (path and location are copied); sets src->id. */
int index_db_add_source(struct index_db *db, struct index_source *src);

/** Writes src's sizes, time, fingerprint and game count to its row. */
int index_db_set_source(struct index_db *db, const struct index_source *src);

/**
 * Adds game g of source (its span start o, NULL when its span cannot be
 * parsed alone: a game over the size limit, or one whose end the reader
 * proved only by reading on, see PARSING A SPAN ELSEWHERE in pgn_reader.h;
 * r the replay of g, NULL when not replayed).
 */
int index_db_add_game(struct index_db *db, int64_t source, struct game *g,
                      const struct pgn_span_origin *o, const struct replay *r);

/**
 * Stores game g of source as index_db_add_game() does, from what
 * index_game_of() computed of it (ig; its name ids are set here). Of g it
 * reads only the number, offset, raw size and tags: a writer that got the
 * game's work from a worker thread may pass a game holding only those.
 */
int index_db_store_game(struct index_db *db, int64_t source, const struct game *g,
                        const struct pgn_span_origin *o, struct index_game *ig);

/**
 * The span start of the last game of source into *o and its offset into
 * *offset (an update reads again from there: appended text may continue
 * it); 0 when the source has no game, 1 when found, or a negative status.
 */
int index_db_last_game(struct index_db *db, int64_t source, struct pgn_span_origin *o);

/** Removes the games of source from number first on (an update re-reads them). */
int index_db_drop_games(struct index_db *db, int64_t source, uint64_t first);

/* Where a game's bytes are in its source (the games table's columns). */
struct index_span {
    uint64_t offset, length;
    int has_origin;                /* its span can be parsed alone, from origin */
    struct pgn_span_origin origin; /* (number, offset, line, col) */
};

/**
 * The span of game number of source into *out: PGN_OK, PGN_EFORMAT when
 * there is no such row or it is wrong (the database is damaged), PGN_EIO.
 */
int index_db_game_span(struct index_db *db, int64_t source, uint64_t number,
                       struct index_span *out);

#endif
