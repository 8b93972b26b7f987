/* board_marks.h - squares and arrows drawn on a board: the [%csl] and [%cal] commands of PGN comments. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_BOARD_MARKS_H
#define LIB_BOARD_MARKS_H

#include <stddef.h>
#include <stdint.h>

/*
 * The comment commands ChessBase introduced and lichess writes: after a
 * move, {[%csl Gd4,Re5]} colours squares and {[%cal Ge2e4,Rd1h5]} draws
 * arrows; the letter is the colour, G(reen), R(ed), Y(ellow) or B(lue).
 */
enum { BOARD_MARKS_MAX = 64 };

struct board_mark {
    uint8_t from, to; /* squares (0 = a1 .. 63 = h8); a square mark has from == to */
    char color;       /* 'G', 'R', 'Y' or 'B' */
};

struct board_marks {
    struct board_mark squares[BOARD_MARKS_MAX];
    struct board_mark arrows[BOARD_MARKS_MAX];
    unsigned nsquares, narrows;
};

/**
 * Adds the marks of one comment command to m when it is "csl" or "cal"
 * (name[0..name_len), args[0..args_len) as in struct game_cmd). Items that
 * are not a colour letter and one (csl) or two (cal) squares are passed
 * over, as are those beyond BOARD_MARKS_MAX. Returns how many were added.
 */
unsigned board_marks_add(struct board_marks *m, const char *name, size_t name_len,
                         const char *args, size_t args_len);

/** The fill colour ("#15781b", ...) of mark colour c; green for an unknown letter. */
const char *board_mark_rgb(char c);

#endif
