/* report.h - printing replay diagnostics the way validate does, for every command that replays games. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_REPORT_H
#define CMD_REPORT_H

#include <stddef.h>
#include <stdio.h>
#include "pgn/game.h"
#include "pgn/pgn_reader.h"
#include "replay/replay.h"
#include "write/game_out.h"

/** "game N (White - Black Date)" from the tags, or "game N" without players, into out. */
void report_game_label(const struct game *g, char *out, size_t cap);

/**
 * Colours the text diagnostics from now on (1) or not (0, the default):
 * bold location and move, the severity as gcc colours it. A command sets it
 * once, before its workers start, from term_color() of where the
 * diagnostics go (they may be written to memory first).
 */
void report_set_color(int on);

/**
 * Starts a line about game g on f: "FILE:LINE:COL: SEVERITY: LABEL" as
 * pgn_error_format() spells it (col 0: no column), without a newline, for
 * the caller to go on with ": ...".
 */
void report_game_prefix(FILE *f, const struct game *g, uint64_t line, uint32_t col,
                        int severity);

/**
 * Prints diagnostic d of game g as one line to f:
 * FILE:LINE:COL: SEVERITY: LABEL, MOVE: message (no LINE:COL without a
 * position), plus "    position: FEN" when verbose and d is about a move.
 */
void report_diag_text(FILE *f, const struct game *g, const struct replay_diag *d,
                      const char *label, int verbose);

/**
 * Prints diagnostic d of game g as one JSON object on one line (the fields
 * documented in pgnkit-validate(1)).
 */
void report_diag_json(FILE *f, const struct game *g, const struct replay_diag *d);

/**
 * Prints the diagnostics of r with severity >= min_severity (enum
 * pgn_severity) as report_diag_text does; returns how many.
 */
size_t report_diags(FILE *f, const struct game *g, const struct replay *r, int min_severity,
                    int verbose);

/**
 * Prints what a print format (convert, search --format latex or typst)
 * left out of g, the last game o wrote, one note a line to f:
 * "FILE:LINE:COL: note: LABEL, MOVE: NAG $9 has no LaTeX symbol: left out".
 * The one place that says it, for every command that writes games.
 */
void report_unprinted(FILE *f, const struct game *g, const struct game_out *o);

#endif
