#!/bin/sh
# ply_clock_eval_values.sh - the clock, time_spent, eval_cp and eval_mate
# columns of convert --per ply against values read off the games' comments
# by hand (the independent oracle here; make bench compares every ply of
# the corpora with python-chess's clock() and eval(), tests/bench/run.sh).
# Time spent by hand: [%emt] when given, else the mover's previous clock
# (the TimeControl base before the first move) minus the clock, plus the
# increment.
# SPDX-License-Identifier: MIT
set -u
root=${PGNKIT_ROOT:-.}
cd "$root" || exit 1
. tests/scripts/expect.inc
# FILE GAME PLY CLOCK SPENT CP MATE ("-": empty)
while read -r file game ply clock spent cp mate; do
    case $file in ''|'#'*) continue ;; esac
    want="$clock,$spent,$cp,$mate"
    want=$(echo "$want" | sed 's/-,/,/g; s/,-$/,/; s/^-,/,/; s/,-,/,,/g')
    got=$("$PGNKIT" convert -q --format csv --per ply "$file" |
        awk -F, -v g="$game" -v p="$ply" '$1 == g && $2 == p { print $7 "," $8 "," $9 "," $10 }')
    expect "$file game $game ply $ply (clock,spent,cp,mate)" "$got" "$want"
done <<'TABLE'
# [%clk] h:mm:ss with tenths, [%emt] (no TimeControl: Black's first move has no time spent)
testdata/python/clocks.pgn 1 1 5400 5 - -
testdata/python/clocks.pgn 1 2 - 62.5 25 -
testdata/python/clocks.pgn 1 3 5390.3 14 - 7
testdata/python/clocks.pgn 1 4 5280 - - -
testdata/python/clocks.pgn 1 5 - 3600 -105 -
testdata/python/clocks.pgn 2 1 - - - -
# 180+2: [%clkc] in centiseconds and in h:mm:ss.cc, [%clk] with tenths; spent = before - now + 2
testdata/convert/clock-kinds.pgn 1 1 179.5 2.5 - -
testdata/convert/clock-kinds.pgn 1 2 179.9 2.1 - -
testdata/convert/clock-kinds.pgn 1 3 175.25 6.25 - -
testdata/convert/clock-kinds.pgn 1 4 178 3.9 - -
# lichess: 300+0 with 30 s clocks (the fixture's), evaluations in pawns
testdata/annotate/lichess-evals.pgn 1 1 30 270 17 -
testdata/annotate/lichess-evals.pgn 1 2 30 270 19 -
testdata/annotate/lichess-evals.pgn 1 3 29 1 25 -
testdata/annotate/lichess-evals.pgn 1 5 28 1 -13 -
testdata/annotate/lichess-evals.pgn 1 8 30 0 118 -
# chess.com 600: tenths, 10:00 - 9:58.6 = 1.4
testdata/corpus/online_chesscom_clk.pgn 1 1 598.6 1.4 - -
testdata/corpus/online_chesscom_clk.pgn 1 2 599.5 0.5 - -
testdata/corpus/online_chesscom_clk.pgn 1 4 591.6 7.9 - -
testdata/corpus/online_chesscom_clk.pgn 1 12 538 18.1 - -
# the clocks and evaluations of testdata/stats/clocks.pgn (60+0)
testdata/stats/clocks.pgn 1 10 5 7 600 -
testdata/stats/clocks.pgn 2 7 20 20 -350 -
TABLE
exit $fail
