/* text_fit.h - fitting text into a picture's width: a safe width estimate and line breaking. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_TEXT_FIT_H
#define LIB_TEXT_FIT_H

#include <stddef.h>

/*
 * A picture cannot measure its text: the viewer's font decides. Every
 * picture that places text (board captions, graph titles and labels) asks
 * text_width() instead, an estimate that errs on the wide side: each
 * character is given at least its width in DejaVu Sans and Serif and in
 * Liberation Sans and Serif (the default fonts of Linux browsers; others
 * are narrower or close), so text that fits by the estimate fits there. Captions are then broken into lines with
 * text_line(), never cut.
 */

/** The width of the UTF-8 text [s, s+n) at font size size, in the same units, rounded up. */
double text_width(const char *s, size_t n, double size);

/**
 * The next line of text [s, s+n) from offset at, no wider than width at
 * font size size: returns the line's length from at (its blanks at the end
 * left out), and sets *next to where the following line starts (n when
 * none). Lines break at blanks; a word wider than width alone is broken
 * between characters, so every line fits and no byte is lost but blanks.
 */
size_t text_line(const char *s, size_t n, size_t at, double width, double size, size_t *next);

/** How many lines text_line() breaks [s, s+n) into, stopping counting at max + 1. */
unsigned text_lines(const char *s, size_t n, double width, double size, unsigned max);

/** 1 when every word (text between blanks) of [s, s+n) alone fits width at size, else 0. */
int text_words_fit(const char *s, size_t n, double width, double size);

#endif
