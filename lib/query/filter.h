/* filter.h - regular expressions for tag, comment and expression matching (PCRE2): compiled once, bounded. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_FILTER_H
#define LIB_FILTER_H

#include <stddef.h>
#include <stdint.h>

/*
 * A filter is one PCRE2 pattern (Perl syntax, UTF-8, Unicode properties),
 * compiled once and JIT-compiled when the library supports it, else
 * interpreted. A match looks for the pattern anywhere in the subject
 * (anchor it with ^ and $ for a whole value).
 *
 * BOUNDED MATCHING. A pathological pattern such as (a+)+$ backtracks
 * exponentially. Every match runs under a match limit (backtracking steps,
 * also honoured by JIT code), a depth limit, a heap limit and a bounded JIT
 * stack; a match that reaches one gives up, counts as no match, and is
 * counted in limit_hits so the caller can report it once. The cost of one
 * match is thus bounded by the limit whatever the pattern and the subject.
 *
 * A filter owns its match data: one filter must not be used by two threads
 * at once.
 */

enum filter_flags {
    FILTER_ICASE = 1 << 0, /* case-insensitive (Unicode case folding) */
};

enum {
    FILTER_DEFAULT_LIMIT = 100000, /* match limit when the caller gives 0 (about 0.3 ms of JIT code) */
    FILTER_MSG_MAX = 160,
};

/* Why a pattern does not compile: the message of PCRE2 and the byte offset in the pattern. */
struct filter_error {
    size_t offset;
    char msg[FILTER_MSG_MAX];
};

struct filter;

/**
 * Compiles pattern[0..len) (UTF-8) with flags (enum filter_flags) and the
 * match limit (0 = FILTER_DEFAULT_LIMIT). Returns PGN_OK and *out (free it
 * with filter_free), PGN_EINVAL with *err filled (err may be NULL) when the
 * pattern is not valid, or PGN_ENOMEM.
 */
int filter_new(struct filter **out, const char *pattern, size_t len, unsigned flags,
               unsigned long limit, struct filter_error *err);

/**
 * 1 when the pattern matches somewhere in s[0..len), which must be valid
 * UTF-8 (every string of a struct game is); 0 when not, or when the match
 * gave up at a limit (then limit_hits grows).
 */
int filter_match(struct filter *f, const char *s, size_t len);

/** Matches that gave up at a limit so far. */
uint64_t filter_limit_hits(const struct filter *f);

/** The pattern as given (NUL-terminated copy owned by f). */
const char *filter_pattern(const struct filter *f);

/** 1 when the pattern runs as JIT code. */
int filter_is_jit(const struct filter *f);

/** Frees f (NULL is allowed). */
void filter_free(struct filter *f);

#endif
