/* san_line.h - a line of SAN moves rewritten in another notation or language. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_SAN_LINE_H
#define LIB_SAN_LINE_H

#include <stddef.h>
#include "chess/position.h"
#include "notation/movewrite.h"

/**
 * Reads line, moves in English SAN separated by single spaces played one
 * after the other from root (the keys of the stats tree, for one), and
 * writes the same moves in style st (NULL: English SAN) into out, separated
 * by single spaces, NUL-terminated, at most cap bytes (cap > 0).
 *
 * Returns PGN_OK; PGN_ESYNTAX, PGN_EILLEGAL or PGN_EAMBIGUOUS when a move
 * does not read on its position, or PGN_ETOOBIG when out is too short: out
 * then holds line as it was, cut to cap bytes, so that a caller always has
 * text to show. No allocation.
 */
int san_line_restyle(const struct pos *root, const char *line, const struct write_style *st,
                     char *out, size_t cap);

#endif
