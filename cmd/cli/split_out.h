/* split_out.h - games written into many files: every N games, or one file per ECO code or tag value. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_SPLIT_OUT_H
#define CMD_SPLIT_OUT_H

#include <stddef.h>
#include "pgn/game.h"
#include "write/game_out.h"
#include "cli/cmdline.h"

/*
 * A command that writes games (convert, search) includes the split options'
 * group in its option table (cmdline.h): OPT_GROUP(split_options, &sopts),
 * and checks them with split_opts_check() after parse_options(). When
 * split_opts_active(), it writes no game to standard output but hands each
 * game's text, in input order, to split_out_write():
 *
 *   struct split_out *so = split_out_new(&sopts, &go_opts, inputs, ninputs);
 *   for each game g written, text[0..len) its text alone (JSON: as the
 *   first element, without a comma), key its split_key_of() (which a
 *   worker thread may work out: it reads only g's tags):
 *       split_out_write(so, key, text, len);
 *   rc = split_out_finish(so, run_succeeded);    // frees so
 *
 * Every file goes through outfile.c: written to a temporary file and
 * renamed over its name at the end of a run that succeeded; a name that is
 * one of the inputs stops the run (exit status 2) before anything is
 * written to it. A key taken from a tag value is made a safe file name
 * (split_key_sanitize), so it can never name another folder.
 */
/* The group's options, under the heading "Output files (instead of standard output):";
 * their storage is a struct split_opts. */
extern const struct option_entry split_options[];

/* Longest key kept from a tag value, in bytes (cut at a character boundary). */
enum { SPLIT_KEY_MAX = 100 };

struct split_opts {
    long every;         /* games per file; 0: not by count */
    const char *by;     /* tag name (NULL: not by value); "ECO" with eco */
    int eco;            /* by ECO: a value that is not an ECO code is "noeco" */
    long len;           /* keep the first len characters of the value; 0: all */
    const char *name;   /* the name pattern; NULL: the default */
};

/** No splitting. */
void split_opts_init(struct split_opts *o);

/** Checks the options against each other; 0, or -1 after reporting. */
int split_opts_check(const struct split_opts *o);

/** 1 when the options ask for split output. */
int split_opts_active(const struct split_opts *o);

/**
 * Writes into out (SPLIT_KEY_MAX + 1 bytes) a file-name-safe form of
 * s[0..n): ASCII letters, digits and - _ . + , = @ kept, the bytes of
 * valid UTF-8 characters kept, every other byte '_'; a leading '.' becomes
 * '_' (no "..", no hidden file); cut to SPLIT_KEY_MAX bytes. Empty stays
 * empty. Returns its length.
 */
size_t split_key_sanitize(const char *s, size_t n, char *out);

struct split_out;

/**
 * The files of one run. opts, out_opts and inputs are the caller's and
 * must outlive it; out_opts gives the format (its extension, the JSON
 * brackets and CSV header of every file).
 */
struct split_out *split_out_new(const struct split_opts *opts, const struct game_out_opts *out_opts,
                                char *const *inputs, int ninputs);

/**
 * The key of game g's file into key (SPLIT_KEY_MAX + 1 bytes): its ECO
 * code or tag value made safe; "" when split by count (the writer numbers
 * the files). Returns its length.
 */
size_t split_key_of(const struct split_opts *o, const struct game *g, char *key);

/** Appends a game's text to the file of key; exits on an I/O error. */
void split_out_write(struct split_out *so, const char *key, const char *text, size_t len);

/**
 * Ends every file and, with replace, renames them over their names; frees
 * so. Returns 0, or -1 after reporting a write error.
 */
int split_out_finish(struct split_out *so, int replace);

#endif
