/* json_reader.h - reading back games written as JSON (an array, or objects one after another). */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_JSON_READER_H
#define LIB_JSON_READER_H

#include <stddef.h>
#include "base/error.h"
#include "pgn/game.h"

/*
 * The input is a sequence of JSON values separated by white space: game
 * objects (ndjson, or objects simply concatenated) and arrays of game
 * objects. Objects are parsed one at a time as they are
 * read, array elements too: memory holds one game, whatever the input size.
 * lib/write/game_json.c writes this form. Plain, gzip or zstd input, "-" for stdin.
 *
 * A game object becomes a struct game as the PGN reader would have made it,
 * with the move text of "san" (or "uci" when there is no "san"), no
 * positions (line 0) and no raw text. An object {"valid": false, "raw":
 * PGN} (a game the writer passed through as it was) gives its PGN text
 * instead, for the caller to read with pgn_reader_open_mem().
 */
struct json_reader;

/**
 * Opens path (NULL or "-" = stdin) for json_reader_next(). Returns PGN_OK
 * and *out, or PGN_EIO (errno says why) or PGN_ENOMEM with *out = NULL, as
 * pgn_input_open() does. Nothing is read yet.
 */
int json_reader_open(struct json_reader **out, const char *path);

enum json_reader_status {
    JSON_READER_END = 0,   /* no more input */
    JSON_READER_GAME = 1,  /* *g holds a game, valid until the next call */
    JSON_READER_RAW = 2,   /* *raw / *raw_len hold PGN text, valid until the next call */
    JSON_READER_BAD = -1,  /* an object that is not a game: skipped, see json_reader_message() */
    JSON_READER_FAIL = -2, /* unreadable input (I/O, JSON syntax, memory): the rest is lost */
};

/**
 * Reads the next game; returns an enum json_reader_status. After
 * JSON_READER_FAIL the caller stops: what follows cannot be trusted. g and
 * the strings it points to belong to j.
 */
int json_reader_next(struct json_reader *j, struct game *g, const char **raw, size_t *raw_len);

/**
 * What the last json_reader_next() met when it returned JSON_READER_BAD or
 * JSON_READER_FAIL, "" otherwise: a message with its location in front
 * ("games.json:3: game 2: a move needs \"san\" or \"uci\"", "games.json:
 * 7:12: bad JSON: ..."), lowercase, no full stop. *status (if status is not
 * NULL) gets its enum pgn_status: PGN_ESYNTAX for a bad object or bad JSON,
 * PGN_EIO (or another read status) when the input cannot be read,
 * PGN_ENOMEM when memory ran out; PGN_OK when there is no problem. Owned by
 * j, valid until the next call.
 */
const char *json_reader_message(const struct json_reader *j, int *status);

/** Frees j (NULL is allowed). */
void json_reader_free(struct json_reader *j);

#endif
