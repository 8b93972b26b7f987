/* uci.h - moves in UCI coordinate notation (e2e4, e7e8q, Chess960 e1h1). */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_UCI_H
#define LIB_UCI_H

#include "chess/position.h"

enum { UCI_MAX = 6 };

/**
 * Writes legal move m of p as UCI into out (NUL-terminated, at most 5 chars).
 * Castling is written as the king's move (e1g1) in standard chess and as
 * king-takes-own-rook (e1h1) when p->chess960 is set. Returns the length.
 */
int uci_write(const struct pos *p, move16 m, char out[UCI_MAX]);

/**
 * Finds the legal move of p written as the UCI text [s, s+len): both castling
 * forms are accepted in both kinds of chess. Returns the move or MOVE_NONE
 * when the text is not UCI or names no legal move.
 */
move16 uci_parse(const struct pos *p, const char *s, int len);

#endif
