#!/bin/sh
# stats_players_accuracy.sh - the accuracy and time-trouble columns of
# stats --players against tests/scripts/accuracy_oracle.py, which works them
# out from the PGN's [%eval] and [%clk] comments alone (lichess's formula
# written apart from the C code), on testdata/stats/clocks.pgn: games with
# clocks and evaluations, one with evaluations only, one with neither.
set -u
root=${PGNKIT_ROOT:-.}
cd "$root" || exit 1
. tests/scripts/need.inc
. tests/scripts/expect.inc
need python3 python3-dev
f=testdata/stats/clocks.pgn
got=$("$PGNKIT" stats --players --format csv "$f" | awk -F, 'NR > 1 && ($12 != "" || $13 != "") {
    print $1 "," $12 "," $13 "," $14 }' | sort)
want=$("$need_path" tests/scripts/accuracy_oracle.py players "$f")
expect "stats --players accuracy and trouble columns" "$got" "$want"
# Hand counts: Bob's 5... Nxd5 (0.40 to 6.00, 5 s left) is the one
# time-trouble move; 4. Bg5 (20 s left) is costly but not short of time.
expect "Bob's row" "$(echo "$got" | grep '^Bob,' | cut -d, -f3,4)" "1,50.0"
expect "Carol has no clocks" "$(echo "$got" | grep '^Carol,' | cut -d, -f3,4)" ","
# Without clocks or evaluations the columns are absent.
expect "no columns" "$("$PGNKIT" stats --players --format csv testdata/stats/small.pgn | head -1)" \
    "player,games,wins,draws,losses,score%,avg_elo,avg_opp,perf,white,black"
exit $fail
