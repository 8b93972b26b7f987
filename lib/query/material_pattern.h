/* material_pattern.h - material patterns: counts per piece, exact or bounded, for each side ("KR+P2-:KR"). */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_MATERIAL_PATTERN_H
#define LIB_MATERIAL_PATTERN_H

#include <stddef.h>
#include <stdint.h>
#include "chess/material.h"

/*
 * A pattern is written WHITE:BLACK like a signature (material.h), and each
 * letter (K Q R B N P, and L for a minor piece: a bishop or a knight) may
 * be followed by a count and a bound:
 *
 *   P      one pawn (letters add up: PP is two)   P3   three pawns
 *   R+     one rook or more                        P2+  two pawns or more
 *   P2-    two pawns or fewer                      N*   any number of knights
 *   L2     two minor pieces, bishops and knights in any mix
 *
 * A piece type a side does not name is absent from that side, except that
 * naming L leaves that side's bishops and knights to the L count. The king
 * is always there (K may be written or not).
 */
enum { MP_MINOR = PIECE_TYPE_NB, MP_SLOTS }; /* PAWN..KING, then the minor pieces together */

struct material_pattern {
    uint8_t lo[2][MP_SLOTS], hi[2][MP_SLOTS]; /* [colour][slot]: bounds on the count */
};

/**
 * Reads pattern s (NUL-terminated) into *out. Returns 0, or PGN_ESYNTAX with
 * *err_at set to the offset of the offending character (a letter that names no
 * piece, a count over 15, a second ':', no ':').
 */
int material_pattern_parse(const char *s, struct material_pattern *out, size_t *err_at);

/** 1 when m fits pattern p with the colours as written; 0 when not. */
int material_pattern_fits(const struct material_pattern *p, const struct material *m);

/** The colours of p swapped: WHITE:BLACK read as BLACK:WHITE. */
void material_pattern_swap(const struct material_pattern *p, struct material_pattern *out);

/**
 * 1 when a game at material cur can never fit p later: pieces only
 * disappear, and a promotion turns one pawn into one piece.
 */
int material_pattern_unreachable(const struct material_pattern *p, const struct material *cur);

#endif
