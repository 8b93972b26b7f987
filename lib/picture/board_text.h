/* board_text.h - a chess position as a text board for terminals: figurines or letters, colour optional. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_BOARD_TEXT_H
#define LIB_BOARD_TEXT_H

#include <stdbool.h>
#include "base/buf.h"
#include "chess/position.h"

/*
 * Eight lines of ranks and one of files, each started by indent:
 *
 *     8 r n b q k b n r         8 ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜
 *     ...                       ...
 *     1 R N B Q K B N R         1 ♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖
 *       a b c d e f g h           a b c d e f g h   White to move
 *
 * utf8 false: letters (White's capitals) and '.' for an empty square, for a
 * terminal whose locale is not UTF-8; true: figurines and '·'. color: ANSI
 * background colours for the squares (then both sides are drawn in the
 * solid figurines or letters, told apart by their colour).
 */

/** Appends the board of p to out (flip: Black at the bottom). PGN_OK, or PGN_ENOMEM/ETOOBIG. */
int board_text(struct buf *out, const struct pos *p, const char *indent, bool flip, bool color,
               bool utf8);

#endif
