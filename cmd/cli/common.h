/* common.h - CLI-only helpers: messages, exit codes, allocation-or-die. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_COMMON_H
#define CMD_COMMON_H

#include <stddef.h>
#include <stdio.h>
#include "base/compiler.h"

/* Exit status of every subcommand, as documented in pgnkit(1). */
enum exit_code {
    EXIT_OK = 0,       /* success */
    EXIT_NEGATIVE = 1, /* a negative answer: invalid games, nothing matched */
    EXIT_USAGE = 2,    /* bad command line */
    EXIT_IO = 3,       /* I/O or resource failure */
};

extern const char *progname; /* "pgnkit" or "pgnkit CMD", for messages */
extern int message_color;    /* 1: error() and the others colour their prefix (term_color(stderr)) */

/** Prints "pgnkit: error: ..." to stderr. */
void error(const char *fmt, ...) PRINTF_LIKE(1, 2);
/** Prints "pgnkit: warning: ..." to stderr. */
void warning(const char *fmt, ...) PRINTF_LIKE(1, 2);
/** Prints "pgnkit: fatal: ..." to stderr and exits with code. */
_Noreturn void die(int code, const char *fmt, ...) PRINTF_LIKE(2, 3);

/** Prints a NULL-terminated usage array: first line "usage: ...", the rest as given (pgnkit -h; a
 * command's -h is printed by parse_options()). */
void print_usage(FILE *f, const char *const *usage);
/**
 * For a bad command line, after its error: prints the synopsis of usage
 * (its first line and the "   or: " lines after it) and where the help is
 * to stderr; returns EXIT_USAGE.
 */
int usage_error(const char *const *usage);

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *ptr, size_t n);
char *xstrdup(const char *s);

/** Calls handler on signal sig (sigaction: no flags, nothing blocked). */
void catch_signal(int sig, void (*handler)(int));

/** Notes a closed pipe on standard output instead of dying of SIGPIPE (main() calls it). */
void output_init(void);

/**
 * After writing standard output: 0 when all is well; 1 when its reader
 * closed the pipe (`pgnkit search ... | head` has seen enough), quietly, as
 * later calls and output_closed() say too; any other failure (disk full)
 * exits with a message and EXIT_IO. Cheap: call it per game.
 */
int check_output(void);

/** 1 once a write to standard output met a pipe its reader had closed. */
int output_closed(void);

/** Writes [s, s+len) as a JSON string: quotes, and json_escape() inside (s is UTF-8). */
void json_write_string(FILE *f, const char *s, size_t len);

/** "s" unless n is 1: "%" PRIu64 " game%s", n, plural_s(n) says "1 game", "2 games". */
static inline const char *plural_s(unsigned long long n) { return n == 1 ? "" : "s"; }

/** Parses a whole decimal number in [min, max]; returns 0 on success. */
int parse_long(const char *s, long min, long max, long *out);

/* -j, --jobs: at most this many workers. */
enum { JOBS_MAX = 256 };

/** Parses the argument of -j/--jobs (1..JOBS_MAX); reports a bad one and returns -1. */
int parse_jobs(const char *arg, long *jobs);

/** Edit distance of a and b, for "did you mean" suggestions; 99 when either is over 60 bytes. */
int edit_distance(const char *a, const char *b);

/**
 * The name nearest to word (edit_distance) among n names: the first at
 * names, each next one stride bytes further (the name field of an array of
 * structs). NULL when n is 0; else *distance gets its distance.
 */
const char *nearest_name(const char *word, const char *const *names, size_t n, size_t stride,
                         int *distance);

#endif
