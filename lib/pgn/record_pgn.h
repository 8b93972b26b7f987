/* record_pgn.h - PGN text built from one record of games as data (lichess, chess.com, rows). */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_RECORD_PGN_H
#define LIB_RECORD_PGN_H

#include <stddef.h>
#include <stdint.h>
#include <jansson.h>
#include "base/buf.h"
#include "base/compiler.h"

/*
 * Each source's converter (lichess_json.c, chesscom_json.c, rows_json.c)
 * turns one JSON record into the PGN text of one game, which the normal
 * PGN reader then reads: every command sees the game as if it had come in
 * a PGN file. The text is written on ONE line (tags, then the move text),
 * which import-format PGN allows, so that the reader's line numbers are
 * those of the record in its file.
 *
 * A record that cannot become a game names the field at fault in why
 * ("field 'players.white.rating': must be a number").
 */
struct record_pgn {
    struct buf text;  /* the game's PGN text, one line */
    char why[256];    /* what is wrong with the record, "" when nothing */
};

/* What a building step returns when it failed: the reason is in rp->why. */
enum { RECORD_FAILED = -1 };

/** The converter of one source: 0 with rp->text filled, or RECORD_FAILED with rp->why set. */
typedef int record_pgn_fn(json_t *record, struct record_pgn *rp);

/* The three sources (lichess_json.c, chesscom_json.c, rows_json.c). */
record_pgn_fn lichess_record_pgn, chesscom_record_pgn, rows_record_pgn;

/** Sets why to "field 'field': " and the formatted reason; returns RECORD_FAILED. */
int record_bad(struct record_pgn *rp, const char *field, const char *fmt, ...) PRINTF_LIKE(3, 4);

/** 0 when record is a JSON object, else RECORD_FAILED with why set. */
int record_not_object(struct record_pgn *rp, json_t *record);

/** Appends s[0..len); 0, or RECORD_FAILED with why set when memory ran out. */
int record_put(struct record_pgn *rp, const char *s, size_t len);

/**
 * Room for n (> 0) more bytes at the end of the text, counted in it: the caller
 * writes them all. NULL with why set when the game grew too big (or
 * memory ran out).
 */
char *record_space(struct record_pgn *rp, size_t n);

/**
 * Appends the PGN text pgn[0..len) of a record that carries its game as
 * PGN, its line breaks turned into spaces: one line, as every game here,
 * but for the line break that ends a ";" comment (which runs to the end of
 * its line), kept, and added when the text ends in such a comment.
 */
int record_put_pgn(struct record_pgn *rp, const char *pgn, size_t len);

/**
 * After a member of the object at within was found wrong: names the field
 * from the record ("field 'eval'" becomes "field 'analysis[3].eval'").
 * Returns RECORD_FAILED.
 */
int record_within(struct record_pgn *rp, const char *within);

/** Appends a NUL-terminated string; as record_put(). */
int record_puts(struct record_pgn *rp, const char *s);

/**
 * Appends ` [Name "value"]` (no space before the first), value[0..len)
 * escaped as PGN wants (backslash and quote), line breaks and tabs turned
 * into spaces so that the game stays on its one line. 0 or RECORD_FAILED (memory).
 */
int record_tag(struct record_pgn *rp, const char *name, const char *value, size_t len);

/** record_tag() with a NUL-terminated value. */
int record_tag_str(struct record_pgn *rp, const char *name, const char *value);

/*
 * One JSON value as the converters look at it, whoever read it: a jansson
 * tree (record_value_of) or a reader that keeps only the fields it wants
 * (lichess_fields.h). Strings are not NUL-terminated and owned by the reader.
 */
enum record_type {
    RECORD_MISSING = 0, RECORD_NULL, RECORD_FALSE, RECORD_TRUE, RECORD_INTEGER,
    RECORD_REAL, RECORD_STRING, RECORD_OBJECT, RECORD_ARRAY,
};
struct record_value {
    int type; /* enum record_type */
    const char *s;
    size_t len;
    int64_t i;
    double d;
};

/** v (NULL: missing) as a struct record_value in *out; strings are jansson's. */
void record_value_of(json_t *v, struct record_value *out);

/** record_string() of a value read already; field names it in messages. */
int record_value_string(struct record_pgn *rp, const struct record_value *v, const char *field,
                        const char **s, size_t *len);

/** record_int() of a value read already; field names it in messages. */
int record_value_int(struct record_pgn *rp, const struct record_value *v, const char *field,
                     int64_t min, int64_t max, int64_t *out);

/**
 * The member at path in obj, where path names members joined by dots
 * ("players.white.user.name"); NULL when a step is missing or not an object.
 */
json_t *record_get(json_t *obj, const char *path);

/**
 * The string at path into *s and *len: 1 when it is a string, 0 when it is
 * missing or null, RECORD_FAILED (why set) when it is something else.
 */
int record_string(struct record_pgn *rp, json_t *obj, const char *path, const char **s,
                  size_t *len);

/**
 * The integer at path into *v: 1 when it is an integer (or a real with no
 * fraction, as pandas writes) within [min, max], 0 when missing or null, RECORD_FAILED
 * (why set) when it is something else or out of range.
 */
int record_int(struct record_pgn *rp, json_t *obj, const char *path, int64_t min, int64_t max,
               int64_t *v);

/** 1 when r is a result token: 1-0, 0-1, 1/2-1/2 or *. */
int record_is_result(const char *r, size_t len);

#endif
