#!/bin/sh
# command_line_positions.sh - a position given on the command line (a FEN, then moves
# played on it: stats --position/--moves, book --probe/--probe-moves) is read in one
# place, cmd/cli/root_position.c, so that every command takes the same FEN, move
# numbers and SAN languages and says the same thing about a bad one.
# SPDX-License-Identifier: MIT
set -u
cd "${PGNKIT_ROOT:-.}" || exit 3
status=0
readers=$(grep -rl 'san_read\|lang_detect_add' cmd | sort)
if [ "$readers" != "cmd/cli/root_position.c" ]; then
    echo "FAIL: SAN read from the command line outside cmd/cli/root_position.c:"
    echo "$readers" | sed 's/^/    /'
    status=1
fi
PGNKIT=${PGNKIT:-build/pgnkit}
# The same bad move, the same message, from both commands.
s=$("$PGNKIT" stats --tree --moves "1. e4 Ke7 2. Kf3" testdata/book/hand.pgn 2>&1 >/dev/null)
b=$("$PGNKIT" book --probe-moves "1. e4 Ke7 2. Kf3" testdata/book/hand.bin 2>&1 >/dev/null)
s=${s#*--moves: } b=${b#*--probe-moves: }
[ "$s" = "$b" ] || { echo "FAIL: stats says '$s', book says '$b'"; status=1; }
exit $status
