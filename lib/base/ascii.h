/* ascii.h - character classes of ASCII text, by what each accepts, locale-free. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_ASCII_H
#define LIB_ASCII_H

/*
 * PGN, FEN, JSON and where-expression text is read byte by byte, and what counts as a
 * letter or as white space must not depend on the user's locale, as the
 * <ctype.h> functions do. Each name says exactly which bytes it accepts; a
 * byte beyond ASCII is never any of them. Take `unsigned char` values (or a
 * char: the cast inside makes a negative char a byte beyond ASCII).
 *
 *   name                 accepts
 *   ascii_is_digit       0-9
 *   ascii_is_letter      A-Z a-z
 *   ascii_is_alnum       A-Z a-z 0-9
 *   ascii_is_blank       space, tab                      (within a line)
 *   ascii_is_line_end    \n \r
 *   ascii_is_pgn_space   space, tab, \n, \r              (PGN's and JSON's white space)
 *   ascii_is_space       space, tab, \n, \r, \f, \v      (C's isspace in the "C" locale)
 */

static inline int ascii_is_digit(int c) { return (unsigned)((unsigned char)c - '0') < 10u; }

static inline int ascii_is_letter(int c)
{
    return (unsigned)(((unsigned char)c | 0x20) - 'a') < 26u;
}

static inline int ascii_is_alnum(int c) { return ascii_is_letter(c) || ascii_is_digit(c); }

static inline int ascii_is_blank(int c) { return c == ' ' || c == '\t'; }

static inline int ascii_is_line_end(int c) { return c == '\n' || c == '\r'; }

static inline int ascii_is_pgn_space(int c) { return ascii_is_blank(c) || ascii_is_line_end(c); }

static inline int ascii_is_space(int c) { return ascii_is_pgn_space(c) || c == '\f' || c == '\v'; }

#endif
