/* term.h - what the terminal takes: colour (--color, NO_COLOR, TERM) and UTF-8 (the locale). */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_TERM_H
#define CMD_TERM_H

#include <stdio.h>

enum term_color_mode { TERM_COLOR_AUTO, TERM_COLOR_ALWAYS, TERM_COLOR_NEVER };

/** Sets the mode of --color (default TERM_COLOR_AUTO). */
void term_set_color(enum term_color_mode mode);

/**
 * 1 when what is written to f may be coloured: --color always; with auto
 * (the default), when f is a terminal, NO_COLOR is unset or empty and TERM
 * is set and not "dumb". 0 otherwise (--color never, a pipe, a file, a
 * memory stream).
 */
int term_color(FILE *f);

/**
 * 1 when the locale's character set is UTF-8 (LC_ALL, else LC_CTYPE, else
 * LANG, the first one set and not empty, names UTF-8), so block characters
 * and figurines show; 0 for "C", POSIX or another character set. Read from
 * the environment, not setlocale(), which would change how printf writes
 * numbers.
 */
int term_utf8(void);

/* SGR sequences of gcc's diagnostics, for text that term_color() allows. */
#define TERM_BOLD "\033[1m"
#define TERM_RED "\033[1;31m"
#define TERM_MAGENTA "\033[1;35m"
#define TERM_CYAN "\033[1;36m"
#define TERM_RESET "\033[m"

#endif
