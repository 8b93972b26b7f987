/* board_svg.h - a chess position as an SVG diagram: board, pieces, coordinates, marks, caption. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_BOARD_SVG_H
#define LIB_BOARD_SVG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "base/buf.h"
#include "chess/position.h"
#include "picture/board_marks.h"

/*
 * What a book or web diagram shows. The board is drawn in 45-unit squares
 * with White at the bottom (Black with flip); coordinates go outside it on
 * the left and below; a disc beside the board, on the mover's side, says
 * who is to move; the last move's squares are tinted, marks come above
 * them and arrows above the pieces; the caption is below, as one line when
 * it fits the picture's width (text_width()), else broken into lines and
 * made smaller, with short_caption taking over: it is never cut.
 */
struct board_view {
    const struct pos *pos;
    bool flip;                       /* Black at the bottom */
    bool coordinates;                /* files and ranks around the board */
    move16 last;                     /* tinted, MOVE_NONE for none; legal in the position before */
    const struct board_marks *marks; /* NULL: none */
    const char *caption;             /* UTF-8 text, NULL or "" for none */
    int width;                       /* of the picture in pixels; 0: its size in units */
    const char *short_caption;       /* the caption shorter (initials), NULL for none */
};

enum board_svg_flags {
    BOARD_SVG_DOCUMENT = 1 << 0, /* a file of its own: XML declaration, namespaces */
    BOARD_SVG_DEFS = 1 << 1,     /* the pieces' symbols inside it (else board_svg_defs once) */
};

/**
 * Appends the diagram of v to out (flags: enum board_svg_flags). Without
 * BOARD_SVG_DEFS the picture refers to the symbols of board_svg_defs(),
 * which a page of several diagrams holds once. Returns PGN_OK, or
 * PGN_ENOMEM / PGN_ETOOBIG from out (out then holds a partial picture).
 */
int board_svg(struct buf *out, const struct board_view *v, unsigned flags);

/** Appends a hidden inline <svg> with the pieces' symbols, for an HTML page; status as above. */
int board_svg_defs(struct buf *out);

/**
 * The words of a caption in language lang (a notation.h id): "after 23...Nf6"
 * ("nach 23...Sf6" in German), san being the move as written in lang. Writes
 * at most cap bytes with the NUL into out; returns the full length.
 */
size_t board_caption_after(int lang, uint32_t move_number, int side, const char *san, char *out,
                           size_t cap);

/** The parts of a game's caption; NULL, "" or "?" for a part the game lacks. */
struct caption_game {
    const char *white, *black, *event;
    const char *after; /* board_caption_after()'s words */
};

/**
 * Appends "White – Black, Event, after 23...Nf6" from c's known parts to
 * out, which must start empty, and a NUL after it (not in out->len); with
 * short_names the given names are initials (caption_short_name()).
 * Returns PGN_OK, or PGN_ENOMEM / PGN_ETOOBIG from out.
 */
int board_caption_game(struct buf *out, const struct caption_game *c, bool short_names);

/**
 * Appends a player's name with the given names as initials: "Carlsen,
 * Magnus" "Carlsen, M.", "Magnus Carlsen" "M. Carlsen", "Jean-Pierre
 * Dupont" "J.-P. Dupont"; one word as it is. Status as above.
 */
int caption_short_name(struct buf *out, const char *name);

#endif
