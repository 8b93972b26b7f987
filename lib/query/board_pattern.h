/* board_pattern.h - board patterns: the board of a FEN with wildcards for squares. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_BOARD_PATTERN_H
#define LIB_BOARD_PATTERN_H

#include <stddef.h>
#include <stdint.h>
#include "chess/position.h"

/*
 * A pattern is the board part of a FEN, eight ranks from the 8th down
 * separated by '/', in which a square may be:
 *
 *   K Q R B N P k q r b n p   that piece         1-8   that many empty squares
 *   ?   anything, empty or not                   !     any piece
 *   A   any white piece                          a     any black piece
 *   [Qq] one of the pieces listed (letters, A, a)
 *   [^Pp] a piece that is none of those listed (an empty square does not fit)
 *   *   any number of squares, none included, up to the rest of the rank
 *
 * optionally followed by a space and the side to move, w or b. Without
 * it either side may be to move. Castling rights, en passant and move
 * counters are not compared (a full FEN's are refused by the parser: use
 * SQ_POSITION for an exact position).
 */
enum { BP_TOKENS = 16 };

struct board_pattern {
    struct bp_rank {
        uint16_t fits[BP_TOKENS]; /* bit per board value (position.h) a square may hold */
        uint8_t star[BP_TOKENS];  /* 1: the token is '*', any number of squares */
        uint8_t n;                /* tokens */
        uint8_t has_star;
    } rank[8];                    /* rank[0] is the 8th rank, as written */
    int side;                     /* WHITE, BLACK, or -1 for either */
};

/**
 * Reads pattern s (NUL-terminated) into *out. Returns 0, or PGN_ESYNTAX with
 * *err_at set to the offset of the offending character and *why to a
 * static reason.
 */
int board_pattern_parse(const char *s, struct board_pattern *out, size_t *err_at,
                        const char **why);

/** 1 when position p fits pattern bp; 0 when not. */
int board_pattern_fits(const struct board_pattern *bp, const struct pos *p);

/** The pattern for the other colour: ranks mirrored, colours and side to move swapped. */
void board_pattern_invert(const struct board_pattern *bp, struct board_pattern *out);

#endif
