#!/bin/sh
# annotate_idempotent.sh - annotating is idempotent: a second run of the same
# options on annotate's own output changes no byte, for every option alone
# and together; so does --judge on an engine's output (it reads back the
# start position's [%eval], the judgments, and the variations as its own),
# and the engine run again on it (the fake engine, and Stockfish at a fixed
# node count on one thread, which is deterministic).
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
fail() { echo "FAIL: $*"; status=1; }
inputs="testdata/annotate/facts.pgn testdata/annotate/lichess-evals.pgn
testdata/annotate/lichess-judged.pgn testdata/annotate/stale-tags.pgn testdata/sample.pgn"

# twice NAME FIRST-OPTIONS SECOND-OPTIONS: for each input, annotate with the
# first options, then its output with the second: the same bytes.
twice() {
    name=$1 first=$2 second=$3
    for f in $inputs; do
        # shellcheck disable=SC2086
        "$PGNKIT" annotate -q $first "$f" >"$tmp/1.pgn" 2>"$tmp/err"
        # Two runs that both fail write the same nothing: that is no pass.
        # (Exit 1: a game of the input is invalid, and written unchanged.)
        code=$?
        if [ $code -gt 1 ] || [ ! -s "$tmp/1.pgn" ]; then
            fail "$name: annotate on $f: exit $code, $(wc -c <"$tmp/1.pgn") bytes: $(head -n 1 "$tmp/err")"
            continue
        fi
        # shellcheck disable=SC2086
        "$PGNKIT" annotate -q $second "$tmp/1.pgn" >"$tmp/2.pgn" 2>/dev/null
        cmp -s "$tmp/1.pgn" "$tmp/2.pgn" || {
            fail "$name: a second run on $f changes the output:"
            diff "$tmp/1.pgn" "$tmp/2.pgn" | head -n 8
        }
    done
}

for opt in --eco --plycount --termination --final-fen --hash --fen-comments --hash-comments \
    --judge "--judge --judge-model cp" \
    "--eco --plycount --termination --final-fen --hash --judge --fen-comments --hash-comments"; do
    twice "$opt" "$opt" "$opt"
done
fake="--engine tests/fakes/uci_fake.sh --nodes 10"
twice "fake engine" "$fake" "$fake"
twice "fake engine, then --judge" "$fake" --judge
twice "fake engine --eco --fen-comments" "$fake --eco --fen-comments" "$fake --eco --fen-comments"
# Last, with the real engine: without it the test is skipped (exit 77), after
# every check above has run, and a failure among them is not hidden.
[ $status = 0 ] || exit $status
. tests/scripts/need.inc
need stockfish
sf="-j 1 --nodes 3000 --engine-option Threads=1 --engine-option Hash=16"
inputs="testdata/annotate/facts.pgn testdata/annotate/lichess-judged.pgn"
twice "stockfish" "$sf" "$sf"
twice "stockfish, then --judge" "$sf" --judge
exit $status
