/* json_stream.h - JSON values read one at a time from a file: ndjson, concatenated, or in arrays. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_JSON_STREAM_H
#define LIB_JSON_STREAM_H

#include <stddef.h>
#include <stdint.h>
#include <jansson.h>
#include "base/error.h"

/*
 * The input is a sequence of JSON values separated by white space (ndjson,
 * or values simply concatenated); the brackets and commas of a top-level
 * array are passed over, so that its elements come one by one like ndjson
 * lines. Only the value being parsed is in memory, whatever the input size.
 * Plain, gzip or zstd input (pgn_input_open), "-" for stdin. Blank lines
 * (the keep-alive lines of a streamed export) are white space.
 */
struct json_stream;

/**
 * Opens path (NULL or "-" = stdin). Returns PGN_OK and *out, or PGN_EIO
 * (errno says why) or PGN_ENOMEM with *out = NULL. Nothing is read yet.
 */
int json_stream_open(struct json_stream **out, const char *path);

enum json_stream_status {
    JSON_STREAM_END = 0,
    JSON_STREAM_VALUE = 1,
    JSON_STREAM_FAIL = -1, /* the input cannot be read further */
    JSON_STREAM_BAD = -2,  /* bad JSON passed over (json_stream_resync_lines) */
};

/**
 * The next value: 1 with *value (owned by s, valid until the next call)
 * and *line (where the value starts), 0 at the end, or -1 when the input
 * cannot be read further (bad JSON, I/O, memory): json_stream_message()
 * says why and where, and what follows cannot be trusted; -2 for bad JSON
 * passed over (see json_stream_resync_lines), *line set, the next call
 * reading on.
 */
int json_stream_next(struct json_stream *s, json_t **value, uint64_t *line);

/**
 * When the next value is an object alone on its line (ndjson) and that
 * line is read in whole: 1 with its text, text[0..len) up to the line end
 * (owned by s, valid until the next call), for a reader of its own; the
 * value is not passed over (json_stream_skip). Else 0, and the value (or
 * the end, or a problem) is json_stream_next()'s. Like json_stream_next(),
 * ends the life of the value returned before.
 */
int json_stream_peek_line(struct json_stream *s, const char **text, size_t *len);

/**
 * After json_stream_peek_line() gave 1: passes over the used bytes of its
 * text (the object read) and sets *line to the line the object was on.
 */
void json_stream_skip(struct json_stream *s, size_t used, uint64_t *line);

/**
 * From now on a value that is not JSON ends only itself, as a line of
 * ndjson does: json_stream_next() returns -2 with its message, and reading
 * goes on after the line on which the value started. Without this, bad
 * JSON ends the input (-1).
 */
void json_stream_resync_lines(struct json_stream *s);

/**
 * After json_stream_next() returned -1 or -2: the message, with its location
 * ("games.json:7:12: bad JSON: ..."), lowercase, no full stop; *status
 * (when status is not NULL) its enum pgn_status (PGN_ESYNTAX, PGN_ENOMEM,
 * or the read status). "" and PGN_OK before any problem. Owned by s.
 */
const char *json_stream_message(const struct json_stream *s, int *status);

/** The input's name in messages: its path, or "<stdin>". Owned by s. */
const char *json_stream_name(const struct json_stream *s);

/** Frees s (NULL is allowed). */
void json_stream_free(struct json_stream *s);

#endif
