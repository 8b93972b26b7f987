/* eval_command.h - the evaluation a [%eval] comment command gives, read once for every reader of it. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_EVAL_COMMAND_H
#define LIB_EVAL_COMMAND_H

#include <stddef.h>

/*
 * An evaluation from White's point of view, as in lichess's [%eval] command:
 * centipawns, or a forced mate in |mate| moves (mate > 0: White mates,
 * mate < 0: Black mates). A mate of 0 means cp is valid.
 *
 *   [%eval 0.34]  -> { cp = 34,  mate = 0 }
 *   [%eval #-3]   -> { cp = 0,   mate = -3 }
 */
struct pgn_eval {
    int cp;
    int mate;
};

/*
 * The largest |cp| and |mate| an [%eval] holds: eval_command_read() reads
 * nothing beyond them, so an evaluation outside them, once written, would
 * not be read back.
 */
enum { EVAL_CP_LIMIT = 99999999, EVAL_MATE_LIMIT = 10000 };

/**
 * Reads the arguments s[0..n) of a [%eval] command (not NUL-terminated):
 * "0.34", "-1.2", "#3", "#-3", optionally followed by ",DEPTH" (ignored).
 * Returns 0 and fills *e, or PGN_ESYNTAX (*e untouched) when the text is
 * not an evaluation. Allocates nothing; safe on any thread. The annotator's
 * judgments, the API's pgnkit_game_eval() and the per-ply writers all read
 * evaluations here, so they agree.
 */
int eval_command_read(const char *s, size_t n, struct pgn_eval *e);

#endif
