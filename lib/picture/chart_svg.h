/* chart_svg.h - SVG charts: columns of counts, and a game's evaluation and clock graph. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_CHART_SVG_H
#define LIB_CHART_SVG_H

#include <stddef.h>
#include <stdint.h>
#include "base/buf.h"

/*
 * Both charts are inline SVG without a size of their own (a viewBox only),
 * so a page's CSS makes them as wide as their column; every mark carries a
 * <title> with its exact figure, which a browser shows on hover.
 */

/** A column chart: n columns, one per label, value[i] high. */
struct chart_columns {
    const char *title;          /* the chart's accessible name */
    const char *const *labels;  /* n labels (UTF-8) */
    const int64_t *values;      /* n counts */
    size_t n;
};

/** Appends the column chart c to out. PGN_OK, or PGN_ENOMEM / PGN_ETOOBIG from out. */
int chart_columns_svg(struct buf *out, const struct chart_columns *c);

/* A value the graph does not have at a ply (no [%eval] or [%clk] there). */
#define CHART_NONE (-1e300)

/*
 * A game's graph, as lichess draws one under an analysed game, with what
 * a reader needs to read it: White's advantage after each ply (centipawns
 * from White's side) as the white area on a dark ground, on a scale of
 * pawns from -10 to +10 around a zero line (a mate, +-CHART_MATE_CP, at
 * the edge with a marker); each side's clock (seconds) as a line on a
 * scale of seconds or minutes on the right; move numbers under it; a
 * legend naming each thing drawn. Plies without a value leave a gap in
 * the clock lines and are drawn as level in the evaluation. Every text
 * stays inside the picture (text_fit.h).
 */
struct chart_game {
    const char *title;
    size_t plies;        /* entries of eval[] and clock[] */
    const double *eval;  /* after each ply: centipawns for White, or CHART_NONE */
    const double *clock; /* after each ply: the mover's clock in seconds, or CHART_NONE */
    uint32_t first_move; /* the number of the first ply's move; 0 is read as 1 */
    int first_black;     /* the first ply is Black's (a game from a FEN) */
};

enum { CHART_MATE_CP = 10000 };

/** Appends the graph of g to out; status as chart_columns_svg(). */
int chart_game_svg(struct buf *out, const struct chart_game *g, int document);

#endif
