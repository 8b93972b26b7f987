/* record_reader.h - games as data (lichess, chess.com, rows) read as the PGN text of each game. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_RECORD_READER_H
#define LIB_RECORD_READER_H

#include <stddef.h>
#include <stdint.h>
#include "base/error.h"

/*
 * Games that web services and data tools write as JSON records, one game
 * each: the lichess API's export (ndjson), chess.com's published-data API
 * (a {"games": [...]} object, or its game objects one per line) and rows
 * of the lichess Parquet dataset's schema (tag-named fields and
 * "movetext"). Each record becomes the PGN text of its game (record_pgn.h),
 * for the PGN reader: every command reads these games as it reads PGN.
 *
 * Every record is either a game or a problem that names it (file:line,
 * its number) and the field at fault: none is dropped unsaid.
 */
enum record_source {
    RECORD_UNKNOWN = -1, /* no source of that name (record_source_named) */
    RECORD_AUTO = 0,     /* decided from the first record (record_reader_detect) */
    RECORD_LICHESS = 1,
    RECORD_CHESSCOM = 2,
    RECORD_ROWS = 3,
};

/**
 * The source named name ("lichess", "chesscom", "rows"), or RECORD_UNKNOWN: the one
 * place that spells the sources' names.
 */
int record_source_named(const char *name);

/** The name of source s ("lichess", ...), "auto" for RECORD_AUTO. */
const char *record_source_name(int s);

struct record_reader;

/**
 * Opens path (NULL or "-": standard input; plain, gzip or zstd) to read
 * records of source (an enum record_source). Returns PGN_OK and *out, or
 * PGN_EIO (errno says why) or PGN_ENOMEM with *out = NULL.
 */
int record_reader_open(struct record_reader **out, const char *path, int source);

/**
 * With RECORD_AUTO: reads the first record and decides the source from it,
 * where its fields make it certain (lichess: "id" and "players"; chess.com:
 * "pgn" with "white", "url" or "time_class", or a "games" array; rows:
 * "movetext"). Returns that source, or 0 when the input is not records of
 * a known source (PGN, pgnkit's own JSON, empty): then nothing more may be
 * read from r. The record read stays for record_reader_next().
 */
int record_reader_detect(struct record_reader *r);

enum record_status {
    RECORD_END = 0,   /* no more records */
    RECORD_GAME = 1,  /* *rec holds a game's PGN text */
    RECORD_BAD = -1,  /* a record that is not a game: see record_reader_message() */
    RECORD_FAIL = -2, /* the input cannot be read further (I/O, bad JSON, memory) */
};

/** A game read: its PGN text (one line), and where its record is. */
struct record {
    const char *pgn; /* owned by the reader, valid until the next call */
    size_t len;
    uint64_t line;   /* line of the record in its file (1-based) */
    uint64_t index;  /* the record's number in its file (1-based), bad ones counted */
};

/**
 * Reads the next record; returns an enum record_status. *rec is filled for
 * RECORD_GAME, and its line and index for RECORD_BAD too.
 */
int record_reader_next(struct record_reader *r, struct record *rec);

/**
 * After RECORD_BAD or RECORD_FAIL: the message with its location in
 * front ("games.ndjson:3: record 3: field 'clocks[2]': must be
 * centiseconds (a whole number)"), lowercase, no full stop; *status (when
 * not NULL) its enum pgn_status: PGN_ESYNTAX for a bad record or bad JSON,
 * PGN_ENOMEM, or the read status. Owned by r.
 */
const char *record_reader_message(const struct record_reader *r, int *status);

/** Frees r (NULL is allowed). */
void record_reader_free(struct record_reader *r);

#endif
