/* game_print.h - games as documents to print: LaTeX (chessboard) and Typst (board-n-pieces). */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_GAME_PRINT_H
#define LIB_GAME_PRINT_H

#include "write/game_out_internal.h"

/*
 * One walk writes a game for print in every print format: a heading from
 * the tags (White - Black, then Event, Site, Date, Round, ECO, Opening,
 * Variant, Annotator),
 * the moves as a paragraph (main line in bold, variations in brackets,
 * comments in italics, NAGs as symbols), a diagram after each move whose
 * comment holds the marker [#] (ChessBase's) and after each main-line ply
 * that opts.diagrams selects, then the result. A format is only its
 * markup: struct print_markup, one table per format; text goes through its
 * escape function, so a tag or comment never reaches the document as
 * markup.
 *
 * Moves: English is printed with figurines (White's set for both sides, as
 * chess books do; the markup turns each into the package's symbol), any
 * other language with its piece letters (German 1. e4 e5 2. Sf3).
 *
 * What the package cannot show is left out and said as a note of the game
 * (game_out_notes()): a NAG the markup has no symbol for.
 */
enum print_format { PRINT_LATEX, PRINT_TYPST, PRINT_FORMATS };

/* A piece of markup and its length: written for every move, never measured again. */
struct print_text {
    const char *s;
    size_t n;
};
#define PRINT_TEXT(literal) { literal, sizeof literal - 1 }

struct print_markup {
    int id;                                 /* enum print_format: its NAG symbols */
    const char *name;                       /* "LaTeX", for the notes */
    struct print_text doc_begin, doc_end;   /* before the first game, after the last */
    /* Appends text s[0..n) escaped (UTF-8; line ends become spaces). */
    void (*text)(struct go_game *w, const char *s, size_t n);
    struct print_text heading_begin, heading_end; /* around "White - Black" */
    struct print_text players_sep;           /* between the players */
    struct print_text info_begin, info_end;  /* around "Event, Site, Date" */
    struct print_text moves_begin, moves_end; /* around a paragraph of moves */
    struct print_text main_begin, main_end;  /* around a main-line move */
    struct print_text var_begin, var_end;    /* around a variation (depth 1) */
    struct print_text comment_begin, comment_end;
    struct print_text white_number, black_number; /* after the move number: ".~", "...~" */
    struct print_text figurine[PIECE_TYPE_NB]; /* PAWN..KING; { NULL }: the Unicode figurine */
    struct print_text result[5];             /* by enum pgn_result: none, 1-0, 0-1, draw, * */
    struct print_text diagram_begin, diagram_end; /* around the FEN of a diagram */
    struct print_text game_end;
};

extern const struct print_markup print_latex, print_typst;

/** Appends the prepared game w as markup m prints it; notes in w->o. */
void game_print_write(struct go_game *w, const struct print_markup *m);

#endif
