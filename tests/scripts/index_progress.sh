#!/bin/sh
# index_progress.sh - pgnkit index shows a progress line (games, MB, MB/s, time left) on
# a terminal, from its first half second on, and clears it; not when standard error is not
# a terminal, nor with -q.
set -u
case $PGNKIT in /*) ;; *) PGNKIT=$(pwd)/$PGNKIT ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. tests/scripts/need.inc
need script bsdutils
cat testdata/corpus/*.pgn testdata/sample.pgn >"$tmp/one.pgn"
: >"$tmp/big.pgn"
# Over half a second of indexing even on a fast machine (80 MB).
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30; do
    cat "$tmp/one.pgn" "$tmp/one.pgn" "$tmp/one.pgn" >>"$tmp/big.pgn"
done
status=0
# On one thread, and on two (which take twice the input for their half second).
cat "$tmp/big.pgn" "$tmp/big.pgn" >"$tmp/bigger.pgn"
for run in "-j 1 $tmp/big.pgn" "-j 2 $tmp/bigger.pgn"; do
    rm -f "$tmp/t.pgnkit"
    script -qc "$PGNKIT index $run -o $tmp/t.pgnkit" /dev/null >"$tmp/tty" 2>&1
    tr '\r' '\n' <"$tmp/tty" | grep -aq 'pgnkit index: [0-9]* games, [0-9]* MB, [0-9.]* MB/s, [0-9]* s left' \
        || { echo "index ${run%% /*}: no progress line on a terminal:"; tr '\r' '\n' <"$tmp/tty" | head -5; status=1; }
    grep -aq 'games read' "$tmp/tty" || { echo "index ${run%% /*}: no summary on a terminal"; status=1; }
done
"$PGNKIT" index "$tmp/one.pgn" -o "$tmp/t.pgnkit" 2>"$tmp/err"
grep -q 'MB/s' "$tmp/err" && { echo "a progress line on a file"; status=1; }
script -qc "$PGNKIT index -q $tmp/one.pgn -o $tmp/t.pgnkit" /dev/null >"$tmp/tty" 2>&1
[ -s "$tmp/tty" ] && { echo "-q printed on a terminal: $(head -c 200 "$tmp/tty")"; status=1; }
exit $status
