/* pgn_writer.h - PGN export format: tag roster, numbered movetext wrapped at a width. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_PGN_WRITER_H
#define LIB_PGN_WRITER_H

#include "write/game_out_internal.h"

/*
 * The export format of PGN standard section 8, as game_out_game() writes it:
 *
 *   - one tag pair per line, [Name "value"] with \ and " escaped, the Seven
 *     Tag Roster first, missing ones filled in, then the other tags in ASCII
 *     order of their names, SetUp "1" added to a FEN tag without it (the tag
 *     list is made in game_out_tags.c, its order is pgn/export_format.h's),
 *     then an empty line;
 *   - the movetext as units separated by one space and wrapped so that no
 *     line is longer than the width (counted in characters; by default
 *     PGN_EXPORT_LINE_MAX, under 80), unless one unit is longer by itself;
 *     a unit is never broken: "12." or "12..."
 *     stays with its move, "(" with what follows it, ")" with what precedes
 *     it, a comment breaks between words only;
 *   - White's moves numbered "N.", Black's "N..." at the start of a line of
 *     play and after a comment or a variation;
 *   - per move: the move, its NAGs as $N, its comments as {text} (white
 *     space runs become one space), then its variations in parentheses;
 *   - the result marker, comments after it, and an empty line.
 *
 * A comment holding '}' cannot be a brace comment: it is written as a ';'
 * comment, which ends its line. A draw offer "(=)" is written as the
 * comment {(=)} (as the token (=) in book style).
 */

/**
 * Writes the tag section of the prepared game w: its tag pairs, then an
 * empty line (nothing without tags); each line ends with eol ("\n", "\r\n").
 */
void pgn_write_tags(struct go_game *w, const char *eol);

/** Writes the prepared game w (see game_out_internal.h) to w->out. */
void pgn_write_game(struct go_game *w);

/**
 * Writes the movetext of the prepared game w alone, as pgn_write_game()
 * does (moves, comments, variations, result, comments after it), in lines
 * of at most width characters (0: one line), with no line end after it.
 */
void pgn_write_movetext(struct go_game *w, unsigned width);

#endif
