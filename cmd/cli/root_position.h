/* root_position.h - a position given on the command line: a FEN, then moves played on it. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_ROOT_POSITION_H
#define CMD_ROOT_POSITION_H

#include "chess/position.h"

/**
 * Sets *out to the position of fen (NULL: the standard start), then plays
 * the moves of the text moves (NULL: none) on it: SAN in any language the
 * reader takes, move numbers ("1.", "1...") and a final result skipped.
 * The one reading of such options (stats --position/--moves, book
 * --probe/--probe-moves); fen_option and moves_option name them in the
 * messages. Returns 0, or -1 after reporting the bad FEN or move.
 */
int root_position(const char *fen, const char *moves, const char *fen_option,
                  const char *moves_option, struct pos *out);

#endif
