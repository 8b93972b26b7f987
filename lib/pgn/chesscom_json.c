/* chesscom_json.c - a game object of chess.com's published-data API: its "pgn" is the game. */
/* SPDX-License-Identifier: MIT */
#include "pgn/record_pgn.h"
#include "base/banned.h"

/*
 * chess.com's game objects (/pub/player/NAME/games/YYYY/MM, one per
 * element of "games", or one per line when a tool wrote them as ndjson)
 * carry the whole game, tags and clocks included, in "pgn"; "white",
 * "black", "time_class" and "rules" repeat what its tags say. A game in
 * progress, or one the API lists without its PGN, has no "pgn": that is
 * reported, as the game cannot be read.
 */
int chesscom_record_pgn(json_t *rec, struct record_pgn *rp)
{
    if (record_not_object(rp, rec))
        return RECORD_FAILED;
    const char *pgn;
    size_t n;
    int r = record_string(rp, rec, "pgn", &pgn, &n);
    if (r <= 0)
        return r < 0 ? RECORD_FAILED : record_bad(rp, "pgn", "missing");
    return record_put_pgn(rp, pgn, n);
}
