#!/bin/sh
# terminal_output.sh - on a terminal (script(1) gives one), each diagnostic
# shows as soon as its game is checked, not when the run ends.
set -u
# Plain text to grep: colour on a terminal is color.sh's.
export NO_COLOR=1
. tests/scripts/need.inc
need script bsdutils
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
fail() { echo "FAIL: $*"; status=1; }
bad=$PWD/testdata/broken/illegal-castling-blocked.pgn
sample=$PWD/testdata/sample.pgn
case $PGNKIT in /*) pgnkit=$PGNKIT ;; *) pgnkit=$PWD/$PGNKIT ;; esac

# One job, reading a pipe that stalls after an invalid game: its
# diagnostic is on the terminal before the rest of the input comes.
: >"$tmp/out"
script -qc "sh -c '(cat $bad; while [ ! -e $tmp/seen ] && [ ! -e $tmp/late ]; do sleep 0.05; done; cat $sample) | $pgnkit validate -j 1'" /dev/null >"$tmp/out" 2>&1 &
pid=$!
n=0
while [ $n -lt 200 ] && ! grep -q 'error: game 1' "$tmp/out"; do sleep 0.05; n=$((n + 1)); done
grep -q 'error: game 1' "$tmp/out" && touch "$tmp/seen" || { touch "$tmp/late"; fail "-j 1: the diagnostic waited for the end of the run"; }
wait $pid

# Several jobs on a large file: the first diagnostic shows before the summary.
: >"$tmp/out2"
for i in 1 2 3 4 5 6 7 8; do cat "$sample"; done >"$tmp/8.pgn"
for i in 1 2 3 4 5 6 7 8; do cat "$tmp/8.pgn"; done >"$tmp/64.pgn"
{ cat "$bad"; for i in 1 2 3 4 5 6 7 8; do cat "$tmp/64.pgn"; done; } >"$tmp/big.pgn"
script -qc "$pgnkit validate -j 2 $tmp/big.pgn" /dev/null >"$tmp/out2" 2>&1 &
pid=$!
early=0 polls=0
while kill -0 $pid 2>/dev/null; do
    if grep -q 'error: game 1' "$tmp/out2" && ! grep -q ' games: ' "$tmp/out2"; then
        early=1
        break
    fi
    sleep 0.05; polls=$((polls + 1))
done
wait $pid
# A run shorter than a second may end between two looks: no verdict then.
[ $early = 1 ] || [ $polls -lt 20 ] || fail "-j 2: the diagnostics waited for the end of the run"
exit $status
