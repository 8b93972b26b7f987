/* common.h - CLI-only helpers: messages, exit codes, allocation-or-die. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_COMMON_H
#define CMD_COMMON_H

#include <stddef.h>
#include <stdio.h>
#include "base/compiler.h"
#include "pipeline/pipeline.h"

/* Exit status of every subcommand, as documented in pgnkit(1). */
enum exit_code {
    EXIT_OK = 0,       /* success */
    EXIT_NEGATIVE = 1, /* a negative answer: invalid games, nothing matched */
    EXIT_USAGE = 2,    /* bad command line */
    EXIT_IO = 3,       /* I/O or resource failure */
};

extern const char *progname; /* "pgnkit" or "pgnkit CMD", for messages */

/** Prints "pgnkit: error: ..." to stderr. */
void error(const char *fmt, ...) PRINTF_LIKE(1, 2);
/** Prints "pgnkit: warning: ..." to stderr. */
void warning(const char *fmt, ...) PRINTF_LIKE(1, 2);
/** Prints "pgnkit: fatal: ..." to stderr and exits with code. */
_Noreturn void die(int code, const char *fmt, ...) PRINTF_LIKE(2, 3);

/** Prints a NULL-terminated usage array: first line "usage: ...", the rest as given. */
void print_usage(FILE *f, const char *const *usage);
/** Prints usage to stderr and returns EXIT_USAGE (for bad options). */
int usage_error(const char *const *usage);

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *ptr, size_t n);
char *xstrdup(const char *s);

/** Notes a closed pipe on standard output instead of dying of SIGPIPE (main() calls it). */
void output_init(void);

/**
 * Exits if writing standard output has failed: quietly with EXIT_OK when the
 * reader closed the pipe (`pgnkit search ... | head` has seen enough),
 * else with a message and EXIT_IO (disk full). Cheap: call it per game.
 */
void check_output(void);

/** Writes [s, s+len) as a JSON string with quotes (s must be valid UTF-8). */
void json_write_string(FILE *f, const char *s, size_t len);

/** Parses a whole decimal number in [min, max]; returns 0 on success. */
int parse_long(const char *s, long min, long max, long *out);

/* -j, --jobs: at most this many workers. */
enum { JOBS_MAX = 256 };

/** Parses the argument of -j/--jobs (1..JOBS_MAX); reports a bad one and returns -1. */
int parse_jobs(const char *arg, long *jobs);

/**
 * Starts a pipeline (flags: enum pipeline_flags) of jobs workers whose
 * contexts are the jobs elements, size bytes each, of the array workers
 * (the caller's); dies when the threads cannot be started.
 */
struct pipeline *start_pipeline(long jobs, unsigned flags, pipeline_work *work, void *workers,
                                size_t size);

struct buf;
struct pgn_reader;

/*
 * A command's work on the games of a batch, on a worker thread. Each game
 * writes its messages (diagnostics, list lines) to a memory stream and its
 * output to a buffer; b->text then holds every message, then every output,
 * and the per-game records (b->result) say where each game's parts end.
 */
struct batch_mark {
    size_t diag_end, text_end; /* ends of the game's messages and output in their parts */
};

/**
 * One game of b (game i, read again from its span by reader if it was read
 * lazily): messages to diag, output appended to out, result into rec, the
 * command's record, which begins with a struct batch_mark.
 */
typedef void batch_game_fn(void *worker, struct batch *b, struct game *g,
                           struct pgn_reader *reader, FILE *diag, struct buf *out, void *rec);

/**
 * Runs fn on every game of b with records of rec_size bytes (zeroed, from
 * b's arena) and out (emptied first) as the output buffer; leaves b->text
 * and b->result as said above. Out of memory: b->status is PGN_ENOMEM.
 */
void batch_run(struct batch *b, void *worker, size_t rec_size, struct buf *out, batch_game_fn *fn);

/** Walks the games of a batch made by batch_run(), in order, on the writing side. */
struct batch_cursor {
    const struct batch *b;
    size_t rec_size, next, diag_len, dstart, tstart;
};
/** A game's messages and output in its batch's text. */
struct batch_part {
    const char *diag, *text;
    size_t diag_len, text_len;
};
/** Starts on b, whose records are rec_size bytes; dies if b's work ran out of memory. */
void batch_cursor_init(struct batch_cursor *c, const struct batch *b, size_t rec_size);
/** The next game's record (NULL after the last), and its parts into *part. */
const void *batch_cursor_next(struct batch_cursor *c, struct batch_part *part);

#endif
