/* pieces_svg.h - the project's chess pieces as SVG symbols, one per piece type. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_PIECES_SVG_H
#define LIB_PIECES_SVG_H

/*
 * The symbols are named "pk-K", "pk-Q", "pk-R", "pk-B", "pk-N", "pk-P" and
 * drawn in a 45 x 45 box. A piece's colour comes from the <use> that places
 * it: its fill is the body, its color the inner lines, so one shape serves
 * both sides (white: fill #fff, color #000; black: fill #000, color #fff).
 */

/** The <symbol> elements of the six pieces (text for a <defs> element); static storage. */
extern const char pieces_svg_symbols[];

#endif
