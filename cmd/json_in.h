/* json_in.h - reading back the games convert writes as JSON (json, ndjson), with libjansson. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_JSON_IN_H
#define CMD_JSON_IN_H

#include <stddef.h>
#include "pgn/game.h"

/*
 * The input is a sequence of JSON values separated by white space: game
 * objects (ndjson, or objects simply concatenated) and arrays of game
 * objects (--format json). Objects are parsed one at a time as they are
 * read, array elements too: memory holds one game, whatever the input size.
 * Plain, gzip or zstd input, "-" for stdin.
 *
 * A game object becomes a struct game as the PGN reader would have made it,
 * with the move text of "san" (or "uci" when there is no "san"), no
 * positions (line 0) and no raw text. An object {"valid": false, "raw":
 * PGN} (a game convert passed through unconverted) gives its PGN text
 * instead, for the caller to read with pgn_reader_open_mem().
 */
struct json_in;

/** Opens path (NULL or "-" = stdin); NULL after reporting the error. */
struct json_in *json_in_open(const char *path);

enum json_in_status {
    JSON_IN_END = 0,   /* no more input */
    JSON_IN_GAME = 1,  /* *g holds a game, valid until the next call */
    JSON_IN_RAW = 2,   /* *raw / *raw_len hold PGN text, valid until the next call */
    JSON_IN_BAD = -1,  /* an object that is not a game: reported, skipped */
    JSON_IN_FAIL = -2, /* unreadable input (I/O, JSON syntax): reported, the rest is lost */
};

/** Reads the next game; returns an enum json_in_status. */
int json_in_next(struct json_in *j, struct game *g, const char **raw, size_t *raw_len);

/** Frees j (NULL is allowed). */
void json_in_free(struct json_in *j);

#endif
