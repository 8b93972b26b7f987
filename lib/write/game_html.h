/* game_html.h - games as one self-contained HTML page: tags, moves with comments and variations, diagrams, graph. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_GAME_HTML_H
#define LIB_GAME_HTML_H

#include "write/game_out_internal.h"

/*
 * A page is game_html_begin(), one <article class="game" id="game-N"> per
 * game (N is the game's number in its input, as search -l gives it: on a
 * page of several inputs the numbers repeat), and game_html_end(). The
 * page's lang is the moves' language. An
 * article holds:
 *
 *   <h2>           White - Black, result
 *   table.tags     every tag written, as the PGN export would write it
 *   figure.graph   the evaluation and clock graph (picture/chart_svg.h),
 *                  when a main-line move has an [%eval] or a clock
 *   div.moves      the moves: span.mv (data-ply, data-depth: 0 on the main
 *                  line) in the chosen notation and language, span.nag,
 *                  span.comment (its text without commands and [#]), each
 *                  variation a span.var nested where it stands, in
 *                  parentheses; a figure.diagram (an inline SVG board, the
 *                  move's squares tinted) after each move whose comment
 *                  holds "[#]" and after the main-line plies of
 *                  opts.diagrams ("start": before the first move); the
 *                  result last
 *
 * Every text of the game is escaped; nothing outside the page is referred
 * to (the style is inline and the pieces' symbols are defined once, at the
 * top).
 */

/** The page's head, style and the pieces' symbols. */
void game_html_begin(struct go_game *w);

/** The prepared game w as one article. */
void game_html_write(struct go_game *w);

/** The end of the page. */
void game_html_end(struct go_game *w);

#endif
