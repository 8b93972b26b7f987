/* dgt.h - a DGT board's habits in a game: the kings-on-the-centre result signal, taken-back moves. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_DGT_H
#define LIB_DGT_H

#include <stdint.h>
#include "base/arena.h"
#include "pgn/game.h"
#include "notation/notation.h"
#include "replay/mainline.h"

/*
 * An electronic board (DGT) records whatever stands on it. Two habits of
 * the players end up in the PGN it feeds:
 *
 * THE RESULT SIGNAL. At the end of a game the players put both kings on
 * the centre squares d4, d5, e4 and e5 to tell the result: both kings on
 * light squares (d5, e4) is 1-0, both on dark squares (d4, e5) is 0-1,
 * one on each colour is a draw (lila #11783, picochess #119). The board
 * sees the kings move and the feed records them as moves: the last one or
 * two moves of the main line are king moves onto the centre, the second
 * of which cannot be legal (the kings stand side by side).
 *
 * MOVES TAKEN BACK. A move played and taken back (a piece lifted and put
 * down again elsewhere) is kept by the feed as a variation: every
 * variation of a board's game is such a move, never analysis.
 */
struct dgt_facts {
    uint32_t signal_plies; /* 0, 1 or 2: the last main-line moves that are the signal */
    int result;            /* enum pgn_result the signal says; PGN_RESULT_NONE: no signal */
    uint8_t king_sq[2];    /* where the signal puts the white and the black king */
    uint32_t takebacks;    /* variations (each a move or moves taken back) */
};

/**
 * Reads g's DGT habits into *out, walking its main line with ml (reset on
 * g here; g must be complete, not GAME_LAZY). The signal is recognised
 * only where the moves before it replay: its squares and the side of each
 * king come from the positions. Returns PGN_OK or PGN_ENOMEM.
 */
int dgt_read(struct mainline *ml, const struct game *g, struct dgt_facts *out);

/**
 * *out becomes g without what f found: the signal's moves cut from the
 * main line, every variation left out, and the result token and Result tag
 * set to the signal's result when there is one. The arrays that change are
 * copied to a; the rest (tags, comments, texts) is g's, so g and a must
 * outlive *out. Returns PGN_OK or PGN_ENOMEM.
 */
int dgt_clean(const struct game *g, const struct dgt_facts *f, struct arena *a, struct game *out);

#endif
