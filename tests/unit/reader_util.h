/* reader_util.h - helpers for the reader tests: a canonical dump of a game, invariant checks. */
/* SPDX-License-Identifier: MIT */
#ifndef TESTS_UNIT_READER_UTIL_H
#define TESTS_UNIT_READER_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include "pgn/game.h"

/*
 * One line per game:
 *   #INDEX @OFFSET+SIZE LINE:COL FLAGS- TAGS | MOVETEXT => RESULT POSTCOMMENTS !DIAGS
 * FLAGS: B bad, T truncated, C CP1252, M BOM, E empty. Moves print as
 * NUMBER.TEXT (NUMBER...TEXT) with =null =ep =rejoined =drawoffer, then
 * $NAGs, {comments} or ;comments (with <plain|%cmd=args> when that differs
 * from the text; =R for a result-only comment) and ( variations ).
 * Diagnostics print as !LINE:COL:E|W|N:MESSAGE. Control characters are
 * written \n \r \t \f \xHH.
 */
const char *dump_game(const struct game *g, char *buf, size_t size);

/** 1 when text[from..to) is nothing but white space (which may lie between two spans). */
int reader_blank_gap(const char *text, uint64_t from, uint64_t to);

/*
 * Checks one game of the input text[0..len): its span starts at *offset (or
 * after white space from there that belongs to no game) and
 * matches the input (unless truncated), all strings are valid UTF-8, and all
 * tree indices are in range and consistent. Advances *offset.
 */
void reader_check_game(const struct game *g, const char *text, size_t len, uint64_t *offset);

/** The part of reader_check_game() that does not need the input: strings, tree, flags. */
void reader_check_tree(const struct game *g);

struct pgn_reader;

/**
 * Reads all games of r (opened on text[0..len) or on its compressed form),
 * checks each with reader_check_game and returns their dumps joined by
 * '\n' (malloc'd); frees r. *rc gets the final pgn_reader_next() result and
 * *end (if not NULL) the end of the last span.
 */
char *reader_dump_all(struct pgn_reader *r, const char *text, size_t len, int *rc, uint64_t *end);

/**
 * Writes data[0..n) to a temporary file named after the process and suffix
 * (the same name each call: one file at a time); returns its path (a static
 * buffer), or NULL with a failure.
 */
const char *reader_temp_file(const void *data, size_t n, const char *suffix);

/** Contents of a root-relative file (malloc'd, NUL-terminated), or NULL with a failure. */
char *reader_slurp(const char *relpath, size_t *len);

/**
 * Calls fn(rel, ctx) with the root-relative path of every .pgn file in each
 * of the root-relative folders dirs[0..ndirs); returns how many.
 */
size_t reader_each_pgn(const char *const *dirs, size_t ndirs,
                       void (*fn)(const char *rel, void *ctx), void *ctx);

/** Compares testdata/reader/NAME.pgn, read game by game, with NAME.expected. */
void reader_check_fixture(const char *name);

/**
 * Where games a and b differ, field by field (texts by content, positions,
 * offsets, file names of diagnostics: what dump_game leaves out too), as a
 * word for messages; NULL when they are the same.
 */
const char *game_diff(const struct game *a, const struct game *b);

#endif
