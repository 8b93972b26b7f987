/* material.h - material signatures: the pieces of each type each side has ("KRP:KR"). */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_MATERIAL_H
#define LIB_MATERIAL_H

#include <stddef.h>
#include <stdint.h>
#include "chess/position.h"

/*
 * A signature is written WHITE:BLACK, each side as one letter per piece in
 * English (K Q R B N P, either case): "KRP:KR" is king, rook and pawn
 * against king and rook, "KQPP:KQ" has two white pawns. The king may be
 * left out ("RP:R"); it is always there.
 */
struct material {
    uint8_t count[2][PIECE_TYPE_NB]; /* [colour][PAWN..KING] */
};

enum { MATERIAL_MAX = 48 }; /* longest text material_format() writes, NUL included */

/**
 * Reads signature s (NUL-terminated) into *out. Returns 0, or PGN_ESYNTAX
 * with *err_at set to the offset of the offending character (a letter that names no
 * piece, a second ':', two kings, more than 15 of a piece, no ':').
 */
int material_parse(const char *s, struct material *out, size_t *err_at);

/** The material of position p. */
void material_of(const struct pos *p, struct material *out);

/** 1 when a and b have the same pieces. */
int material_equal(const struct material *a, const struct material *b);

/**
 * 1 when a game that stands at material cur can never reach target later:
 * pieces only disappear, and a promotion turns one pawn into one piece.
 */
int material_unreachable(const struct material *cur, const struct material *target);

/** Writes m as "KRP:KR" (each side K Q R B N P) into out; returns the length. */
size_t material_format(const struct material *m, char out[MATERIAL_MAX]);

/*
 * A stretch of the main line whose material stays the same: from the
 * position at ply `ply` up to the next run's first position (material
 * changes only by a capture or a promotion). The first run starts at ply 0.
 */
struct material_run {
    uint32_t ply;
    struct material mat;
};

/**
 * 1 when position p, the next of a line, starts a new material run: the
 * counts of all pieces and of pawns, kept in *pieces and *pawns (-1 before
 * the first position), changed; then they are updated. Both a capture and
 * a promotion reset the halfmove clock, so a running clock means no change
 * and nothing is counted.
 */
static inline int material_run_starts(const struct pos *p, int *pieces, int *pawns)
{
    if (*pieces >= 0 && p->halfmove != 0)
        return 0;
    int np = bb_count(pos_occupied(p)), nw = bb_count(p->by_type[PAWN]);
    if (np == *pieces && nw == *pawns)
        return 0;
    *pieces = np;
    *pawns = nw;
    return 1;
}

#endif
