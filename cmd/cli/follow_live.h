/* follow_live.h - --moves-live: each new move of a game in progress, as a line, while it is played. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_FOLLOW_LIVE_H
#define CMD_FOLLOW_LIVE_H

#include <stdint.h>
#include <stdio.h>
#include "base/buf.h"
#include "base/hash_table.h"
#include "pgn/game.h"
#include "replay/dgt.h"
#include "replay/mainline.h"

/*
 * A broadcaster shows the moves of every board as they are made, not the
 * games once they are over. A DGT LiveChess round file (games.pgn) or a
 * lichess broadcast source is rewritten at each move: every game of the
 * round is in it, '*' for those still played. So what is new is found by
 * comparing each game's main line with the moves already told for the
 * same board, a board being known by its tags (Event, Round, Board,
 * White, Black, and how many games before it have the same five;
 * follow.c makes that key).
 *
 * Each line goes to standard output and starts with '%', PGN's escape
 * mark, so that a PGN reader reading the output of convert or search
 * --follow --moves-live skips it; the fields after the first word are
 * separated by tabs:
 *
 *   % move      ROUND BOARD WHITE BLACK 12... Qe5     a move played
 *   % takeback  ROUND BOARD WHITE BLACK 12... Qe5     that move and those after it are gone
 *   % result    ROUND BOARD WHITE BLACK 1-0           the game is finished ('*': in play again)
 *
 * A missing tag is '?'. A move is told only when it replays from the
 * moves before it and, in the game the file ends with, when something
 * follows it: the last move of a file cut in the middle of a word ("Qx")
 * waits until the writer has written it whole.
 */
struct follow_live {
    struct hash_table boards; /* key -> struct live_board */
    struct mainline ml;
    unsigned long long moves, takebacks;
};

/** Prepares l; lang: the command's --input-lang (a notation.h id or NOTATION_AUTO). */
void follow_live_init(struct follow_live *l, int lang);

/** Frees what l holds. */
void follow_live_release(struct follow_live *l);

/**
 * Replays g's main line: returns how many of its moves are moves of the
 * game (they replay; with dgt set, the DGT result signal's are not
 * counted), the signal into *df (df->result is PGN_RESULT_NONE without
 * one). g must be complete (not GAME_LAZY). Dies when memory runs out.
 */
uint32_t follow_live_plies(struct follow_live *l, const struct game *g, int dgt,
                           struct dgt_facts *df);

/** 1 when the board key[0..len) was told last with g's text of this digest (nothing new). */
int follow_live_unchanged(const struct follow_live *l, const char *key, size_t len,
                          uint64_t digest);

/**
 * Tells on out what changed on the board key[0..len) since it was last
 * told: the moves taken back, the new ones among the first plies
 * main-line moves of g (the game follow_live_plies() read last), and the
 * result when it changed (result: PGN_RESULT_NONE while the game is in
 * play). digest: that of g's text, for follow_live_unchanged(). whole: 0
 * when g is the last game of the file and has no result token, which may
 * be a file a writer is still writing (truncated, then written again): then
 * only new moves are told, and a change of the moves told waits until the
 * game is whole. Dies when memory runs out.
 */
void follow_live_tell(struct follow_live *l, const char *key, size_t len, uint64_t digest,
                      const struct game *g, uint32_t plies, int whole, int result, FILE *out);

#endif
