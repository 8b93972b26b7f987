/* pieces_svg.c - the project's chess pieces as SVG symbols, one per piece type. */
/* SPDX-License-Identifier: MIT */
/*
 * Provenance: these six shapes were drawn for pgnkit, by hand, out of
 * straight lines, arcs and a few curves on a 45-unit grid (the size most
 * web diagrams use), and are part of pgnkit under its MIT licence (see
 * LICENSE): copy, change and ship them with the same notice. They copy no
 * other piece set.
 *
 * Each symbol is a silhouette drawn with a black outline and the fill of
 * the <use> that places it, plus inner lines in currentColor (the <use>'s
 * color), so that the black pieces keep their details in white.
 */
#include "picture/pieces_svg.h"

#define OUTLINE "stroke=\"#000\" stroke-width=\"1.5\" stroke-linejoin=\"round\""
#define DETAIL "fill=\"none\" stroke=\"currentColor\" stroke-width=\"1.5\" stroke-linecap=\"round\""

const char pieces_svg_symbols[] =
    /* King: a cross above a rounded knob, a wide bell-shaped body, a base. */
    "<symbol id=\"pk-K\" viewBox=\"0 0 45 45\"><g " OUTLINE ">"
    "<path d=\"M21 3.5h3v3h3v3h-3v4h-3v-4h-3v-3h3z\"/>"
    "<path d=\"M19 22c0-5 1.5-8.5 3.5-8.5s3.5 3.5 3.5 8.5z\"/>"
    "<path d=\"M12 33C7 24 14 16 22.5 22 31 16 38 24 33 33z\"/>"
    "<path d=\"M10.5 38.5h24v-5.5h-24z\"/></g>"
    "<path " DETAIL " d=\"M12.5 33h20M22.5 22v10\"/></symbol>"
    /* Queen: a crown of five points with a ball on each, a base. */
    "<symbol id=\"pk-Q\" viewBox=\"0 0 45 45\"><g " OUTLINE ">"
    "<path d=\"M11.5 33L9 16l3.5 9L16 12l3 13 3.5-15 3.5 15 3-13 3.5 13L36 16l-2.5 17z\"/>"
    "<circle cx=\"9\" cy=\"14\" r=\"2.2\"/><circle cx=\"16\" cy=\"10\" r=\"2.2\"/>"
    "<circle cx=\"22.5\" cy=\"8\" r=\"2.2\"/><circle cx=\"29\" cy=\"10\" r=\"2.2\"/>"
    "<circle cx=\"36\" cy=\"14\" r=\"2.2\"/>"
    "<path d=\"M10.5 38.5h24v-5.5h-24z\"/></g>"
    "<path " DETAIL " d=\"M13 29.5h19\"/></symbol>"
    /* Rook: three merlons on a tower, a base. */
    "<symbol id=\"pk-R\" viewBox=\"0 0 45 45\"><g " OUTLINE ">"
    "<path d=\"M11 17V9.5h4.5v3h4v-3h6v3h4v-3H34V17z\"/>"
    "<path d=\"M14 34l1.5-17h14L31 34z\"/>"
    "<path d=\"M10 38.5h25V34H10z\"/></g>"
    "<path " DETAIL " d=\"M15.5 20.5h14\"/></symbol>"
    /* Bishop: a mitre with its cut and a ball on top, a collar, a base. */
    "<symbol id=\"pk-B\" viewBox=\"0 0 45 45\"><g " OUTLINE ">"
    "<circle cx=\"22.5\" cy=\"8.5\" r=\"2.5\"/>"
    "<path d=\"M15.5 30C14 24 17 17 22.5 11 28 17 31 24 29.5 30z\"/>"
    "<path d=\"M14.5 33.5h16V30h-16z\"/>"
    "<path d=\"M10.5 38.5c4 0 8-.5 12-3 4 2.5 8 3 12 3v-2.5c-4 0-8-.5-12-2.5-4 2-8 2.5-12 2.5z\"/>"
    "</g><path " DETAIL " d=\"M22.5 18.5v7M19 22h7\"/></symbol>"
    /* Knight: a horse's head and neck looking left, an ear, an eye, a base. */
    "<symbol id=\"pk-N\" viewBox=\"0 0 45 45\"><g " OUTLINE ">"
    "<path d=\"M33 35c0-10-2-19.5-10-24L21 6l-3 4.5C14 13 11 17 9.5 22.5L10 26l3.5 1"
    "L18 24c1.5-.5 2.5-1 3-2-.5 5-6 8-6 13z\"/>"
    "<path d=\"M12 38.5h21.5V35H12z\"/></g>"
    "<circle cx=\"16.5\" cy=\"15.5\" r=\"1.2\" fill=\"currentColor\"/>"
    "<path " DETAIL " d=\"M26 14c3 4 4 10 4 18\"/></symbol>"
    /* Pawn: a head on a collar, a flared body, a base. */
    "<symbol id=\"pk-P\" viewBox=\"0 0 45 45\"><g " OUTLINE ">"
    "<circle cx=\"22.5\" cy=\"13.5\" r=\"5\"/>"
    "<path d=\"M16.5 19.5h12v2.5h-12z\"/>"
    "<path d=\"M18 22h9l3.5 12h-16z\"/>"
    "<path d=\"M11.5 38.5h22V34h-22z\"/></g></symbol>";
