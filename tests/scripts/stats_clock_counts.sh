#!/bin/sh
# stats_clock_counts.sh - stats --clock against counts made by hand on
# testdata/stats/clocks.pgn (both games 60+0; the other two have no clocks):
#   game 1 (1-0): White's clocks 58 55 50 45 40 38, Black's 57 50 30 12 5
#   game 2 (0-1): White's clocks 59 50 40 20, Black's 58 55 50 45
# 19 moves with a clock, all under 60 s; under 30 s: Black's 12 and 5 in
# game 1, White's 20 in game 2 (30 itself is not under 30); under 10 s:
# Black's 5. Sides with a clock: 4, two won, two lost; under 30 s: game 1's
# Black and game 2's White, both lost; under 10 s: game 1's Black.
# Time spent on move 1: White 60-58 = 2 and 60-59 = 1 (1.5 on average),
# Black 3 and 2 (2.5); move 3: White 5 and 10 (7.5), Black 20 and 5 (12.5);
# move 6: White 2 (game 1 only), Black none.
# The JSON of two halves merged gives the same report as one run.
set -u
root=${PGNKIT_ROOT:-.}
cd "$root" || exit 1
. tests/scripts/expect.inc
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
f=testdata/stats/clocks.pgn
"$PGNKIT" stats --clock --format csv "$f" >"$tmp/one.csv" || fail=1
row() { awk -F, -v s="$1" -v k="$2" '$1 == s && $2 == k' "$tmp/one.csv"; }
expect "all" "$(row band all)" "band,all,19,100.0,4,2,0,2,50.0,,,,"
expect "under 60 s" "$(row band '<60s')" "band,<60s,19,100.0,4,2,0,2,50.0,,,,"
expect "under 30 s" "$(row band '<30s')" "band,<30s,3,15.8,2,0,0,2,0.0,,,,"
expect "under 10 s" "$(row band '<10s')" "band,<10s,1,5.3,1,0,0,1,0.0,,,,"
expect "move 1" "$(row move 1)" "move,1,4,,,,,,,1.5,2,2.5,2"
expect "move 3" "$(row move 3)" "move,3,4,,,,,,,7.5,2,12.5,2"
expect "move 6" "$(row move 6)" "move,6,1,,,,,,,2.0,1,,0"
expect "rows" "$(wc -l <"$tmp/one.csv" | tr -d ' ')" 11
# Merged halves: game 1, and games 2 to 4.
awk '/^\[Event /{n++} {print > (dir "/half" (n <= 1 ? 1 : 2) ".pgn")}' dir="$tmp" "$f"
for h in 1 2; do "$PGNKIT" stats --clock --format json "$tmp/half$h.pgn" >"$tmp/h$h.json"; done
"$PGNKIT" stats --merge --format csv "$tmp/h1.json" "$tmp/h2.json" >"$tmp/merged.csv"
expect "merge" "$(cmp -s "$tmp/one.csv" "$tmp/merged.csv" && echo same)" same
# No html page for it: a usage error.
"$PGNKIT" stats --clock --format html "$f" >/dev/null 2>&1
expect "html" "$?" 2
exit $fail
