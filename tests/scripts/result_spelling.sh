#!/bin/sh
# result_spelling.sh - one function reads a result's spelling, one rule says what a game's result is.
# SPDX-License-Identifier: MIT
#
# pgn_result_of() (lib/pgn/game.c) turns "1-0", "0-1", "1/2-1/2" and "*"
# into a result, and game_result() says what result a game stands for (its
# marker, else its Result tag, else "*"): the writers, the stats and the
# public pgnkit_game_written_result() ask them. A loop that compares text
# with pgn_result_str() elsewhere is a second reading of the same spelling,
# free to drift from the first (the writers and the stats each had one).
set -u
cd "${PGNKIT_ROOT:-.}" || exit 3
status=0
found=$(grep -rn --include='*.c' --include='*.h' 'strcmp([^;]*pgn_result_str(' lib cmd | grep -v '^lib/pgn/game\.c:')
if [ -n "$found" ]; then
    echo "$found"
    echo "a result's spelling read outside pgn_result_of() (above): call it"
    status=1
fi
grep -q '^int game_result(const struct game \*g)$' lib/pgn/game.c ||
    { echo "game_result() is not in lib/pgn/game.c"; status=1; }
grep -q 'game_result(' lib/write/game_out.c ||
    { echo "the writers do not take a game's result from game_result()"; status=1; }
grep -q 'game_result(&g->g)' lib/api/api_reader.c ||
    { echo "pgnkit_game_written_result() does not take it from game_result()"; status=1; }
exit $status
