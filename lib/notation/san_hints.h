/* san_hints.h - what a move that does not resolve was likely meant to be, for its error text. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_SAN_HINTS_H
#define LIB_SAN_HINTS_H

#include "chess/position.h"
#include "notation/san.h"

/*
 * Typing slips that read as another, illegal move: two moves without a
 * space between them ("1. e4e6" reads as the coordinates e4-e6) and a
 * bishop written with a lowercase letter ("be6" reads as a b-pawn's
 * capture). san_resolve() asks these on its error paths only, so that its
 * error says what was meant; they resolve the moves they suggest with
 * san_resolve() itself, and never change whether a move resolves.
 */

/**
 * For coordinates *sp (origin and destination given, no letter) whose
 * origin holds none of p's side's pieces: when a pawn of p's side can go
 * to the origin and then one of the opponent's to the destination, sets
 * err (not NULL) to "moves 'e4' and 'e6' written without a space" and
 * returns 1; else returns 0 and leaves err alone.
 */
int san_hint_glued(const struct pos *p, const struct san_parts *sp, struct move_error *err);

/**
 * After a pawn move *sp from the b-file failed with err (not NULL): when a
 * bishop of p's side can make the same move and the language's bishop
 * letter is "B", adds to err's reason how that move is written:
 * "no piece to capture on e6 (the bishop move is written 'Be6')".
 */
void san_hint_bishop(const struct pos *p, const struct san_parts *sp, struct move_error *err);

#endif
