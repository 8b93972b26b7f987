/* game_rows.h - games as rows for data tools: one per ply (CSV, NDJSON), one per game (NDJSON). */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_GAME_ROWS_H
#define LIB_GAME_ROWS_H

#include "write/game_out_internal.h"

/*
 * Per ply (GO_PER_PLY, CSV or NDJSON), one row per main-line move written,
 * with these columns in this order (fen only with GO_MOVE_FEN):
 *
 *   game         the game's number in its input (1 for the first)
 *   ply          the move's ply as its number says: (move_number - 1) * 2,
 *                plus 1 for White's move, plus 2 for Black's (a game from a
 *                FEN at move 30 with Black to move starts at ply 60)
 *   move_number  the move's number (fullmove of the position before it)
 *   side         "white" or "black": who made the move
 *   san          the move in the chosen notation (SAN by default)
 *   uci          the move in UCI
 *   fen          the FEN of the position before the move
 *   clock        seconds left after the move, from [%clk]
 *   time_spent   seconds the move took: [%emt], or clock differences and
 *                the TimeControl increment (ply_facts.h)
 *   eval_cp      [%eval] in centipawns, White's view (empty with a mate)
 *   eval_mate    [%eval #N]: N moves to mate, > 0 when White mates
 *   nags         "$1 $14": the move's NAGs
 *   comment      the comments after the move, their commands left out
 *
 * A fact the game does not give is an empty CSV field or a JSON null: every
 * row has every column. Seconds are written with up to 3 decimals (179.9).
 *
 * Per game (GO_ROWS alone), one JSON object per line with the columns of
 * the lichess Parquet dataset (Lichess/standard-chess-games), always all of
 * them, in this order: Event, Site, White, Black, Result, WhiteTitle,
 * BlackTitle, WhiteElo, BlackElo, WhiteRatingDiff, BlackRatingDiff,
 * UTCDate, UTCTime, ECO, Opening, Termination, TimeControl (the tags of
 * those names; null when missing, and Event, Site, White and Black also
 * when "?", PGN's unknown), then Variant, SetUp and FEN only for a game
 * that has them (the dataset's games are standard, from the start; a game
 * from a set-up position cannot be replayed without them), movetext (the
 * PGN movetext on one line, comments and their [%clk] and [%eval] commands
 * kept). The ratings are JSON integers (null when the tag is not a whole
 * number); UTCDate is written "2024-01-31" (the dataset's date32; null when
 * a part is unknown). So rows -> PGN (read back by rows_json.c) -> rows gives
 * the same rows (tests/scripts/rows_roundtrip.sh).
 */

/** Appends the CSV header row of the per-ply columns. */
void game_rows_header(struct go_game *w);

/** Appends the prepared game w's per-ply rows (CSV or NDJSON, as o's format). */
void game_rows_plies(struct go_game *w);

/** Appends the prepared game w as one NDJSON row in the lichess dataset's columns. */
void game_rows_game(struct go_game *w);

#endif
