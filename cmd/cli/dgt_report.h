/* dgt_report.h - --dgt: a DGT board's result signal and taken-back moves, noted and taken out. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_DGT_REPORT_H
#define CMD_DGT_REPORT_H

#include <stdio.h>
#include "base/arena.h"
#include "pgn/game.h"

/**
 * The game a command works on with --dgt (lib/replay/dgt.h): g without the
 * kings-on-the-centre signal and without the variations that are moves
 * taken back, its result set by the signal; each thing found is a note on
 * diag unless quiet. Returns clean (filled, its arrays in arena) when
 * something was found, else g. lang: the --input-lang (a notation.h id or
 * NOTATION_AUTO). Dies when memory runs out.
 */
const struct game *dgt_game(const struct game *g, int lang, struct arena *arena, FILE *diag,
                            int quiet, struct game *clean);

#endif
