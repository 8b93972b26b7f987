#!/bin/sh
# plain_sample.sh - convert --format plain --random P --seed S draws a sample of the
# positions that depends on the seed alone: the same on every run, a subset of
# all positions, all of them at P = 1, none at P = 0, and about P of them (the
# draw over 200 copies of testdata/convert/plies.pgn, 1400 positions, lies
# within 5 standard deviations of P * 1400).
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
i=0
while [ $i -lt 200 ]; do cat testdata/convert/plies.pgn; echo; i=$((i + 1)); done >"$tmp/many.pgn"

plain() { "$PGNKIT" convert -q --format plain "$@" "$tmp/many.pgn"; }
records() { grep -c '^e$' "$1"; }

plain >"$tmp/all"
# 7 scored positions per copy (tests/cli/convert/plain.stdout, counted by hand).
[ "$(records "$tmp/all")" = 1400 ] || { echo "all positions: $(records "$tmp/all"), want 1400"; status=1; }
plain --random 1 >"$tmp/p1"
cmp -s "$tmp/all" "$tmp/p1" || { echo "--random 1 differs from no sampling"; status=1; }
plain --random 0 >"$tmp/p0"
[ -s "$tmp/p0" ] && { echo "--random 0 wrote positions"; status=1; }

plain --random 0.5 --seed 11 >"$tmp/a"
plain --random 0.5 --seed 11 -j 3 >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b" || { echo "the same seed drew different positions (-j 1 and -j 3)"; status=1; }
plain --random 0.5 --seed 12 >"$tmp/c"
cmp -s "$tmp/a" "$tmp/c" && { echo "seeds 11 and 12 drew the same positions"; status=1; }
n=$(records "$tmp/a")
# 700 +- 5 * sqrt(1400 * 0.25) = 700 +- 93
if [ "$n" -lt 607 ] || [ "$n" -gt 793 ]; then
    echo "--random 0.5 kept $n of 1400 positions"; status=1
fi
# Every record drawn is one of the records of the full output.
awk 'BEGIN { RS = "\ne\n" } NR == FNR { all[$0] = 1; next } !($0 in all) { bad++ }
     END { exit bad > 0 }' "$tmp/all" "$tmp/a" || { echo "--random wrote a record not in the full output"; status=1; }
exit $status
