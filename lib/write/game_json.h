/* game_json.h - JSON form of a game: tags, moves (san, uci, fen), comments and commands, variations. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_GAME_JSON_H
#define LIB_GAME_JSON_H

#include <stddef.h>
#include "write/game_out_internal.h"

/*
 * One game is one JSON object on one line (schema in pgnkit-convert(1)):
 *
 *   game      {"tags": {NAME: VALUE, ...}, ["duplicate_tags": [[NAME, VALUE], ...],]
 *              ["comments": [COMMENT, ...],] "moves": [MOVE, ...], "result": RESULT
 *              [, "final_comments": [COMMENT, ...]]}
 *   MOVE      {"ply": N, "san": "Nf3", "uci": "g1f3" [, "move": TEXT] [, "fen": FEN]
 *              [, "nags": [N, ...]] [, "comments": [COMMENT, ...]]
 *              [, "variations": [LINE, ...]] [, "null": true] [, "draw_offer": true]}
 *   LINE      {["comments": [COMMENT, ...],] "moves": [MOVE, ...]
 *              [, "comments_after": [COMMENT, ...]]}
 *   COMMENT   {"text": PLAIN [, "commands": [{"name": "clk", "args": "0:03:00"}, ...]]
 *              [, "raw": AS_WRITTEN]}
 *   RESULT    "1-0" | "0-1" | "1/2-1/2" | "*" | null
 *
 * A variation's "comments_after" are the comments that follow its ')' in
 * PGN (they belong to the move it replaces). Members in brackets are left
 * out when empty or false; "raw" only when the
 * comment is not "[%name args] ... text" (one space between the pieces); "move" only when the notation is not English SAN.
 */

/** Writes the prepared game w as one JSON object (no line break) to w->out. */
void game_json_write(struct go_game *w);

/**
 * Writes {"tags": {...}, "valid": false, "raw": TEXT} for a game passed
 * through unconverted; text[0..n) is its PGN text (valid UTF-8).
 */
void game_json_write_raw(struct go_game *w, const char *text, size_t n);

#endif
