/* clock_command.h - the time a [%clk] comment command gives, read once for every reader of it. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_CLOCK_COMMAND_H
#define LIB_CLOCK_COMMAND_H

#include <stddef.h>
#include <stdint.h>

/**
 * Reads the arguments s[0..n) of a [%clk] command (not NUL-terminated):
 * H:MM:SS, MM:SS or SS, the last field with an optional fraction of a
 * second (lichess writes 0:03:00, chess.com 0:02:59.9), into *ms,
 * milliseconds; fraction digits past the millisecond are dropped. Fields
 * are not range-checked (0:75:00 is 75 minutes); a field past 1,000,000 is
 * refused so that the sum cannot overflow. Returns 0 and *ms, or
 * PGN_ESYNTAX (and *ms untouched) for anything else: no digits, an empty
 * field ("1::00"), more than three fields, a second '.', a sign, a blank.
 * Allocates nothing; safe on any thread. The API's pgnkit_game_clock() and
 * diagram's clock graph both read clocks here, so they agree; [%emt] (time
 * spent on a move) is written the same way and read here too.
 */
int clock_command_ms(const char *s, size_t n, int64_t *ms);

/* What a comment command says about time, by its name. */
enum clock_command_kind {
    CLOCK_NOT_TIME,   /* not about time: eval, csl, a name we do not know */
    CLOCK_LEFT,       /* time left on the mover's clock: clk, clkc */
    CLOCK_SPENT,      /* time the move took: emt */
    CLOCK_OTHER_TIME, /* about time but not read as a clock: timestamp */
};

/**
 * The kind of the command named name[0..n) (not NUL-terminated). This is
 * the one list of time commands: every clock reader and GO_STRIP_CLOCKS
 * ask it, so a new spelling is added here once. Allocates nothing.
 */
enum clock_command_kind clock_command_kind(const char *name, size_t n);

/**
 * Reads a time-left command: "clk" as clock_command_ms() reads it, and
 * "clkc" as a whole number of centiseconds ("17999" is 179.99 s, the unit
 * of lichess's API clocks) or, when written H:MM:SS.cc, as "clk". Returns 1
 * and *ms when name[0..name_len) is a time-left command whose arguments
 * args[0..n) read; 0 otherwise (*ms untouched). Allocates nothing.
 */
int clock_command_left(const char *name, size_t name_len, const char *args, size_t n,
                       int64_t *ms);

#endif
