#!/bin/sh
# annotate_lichess.sh - `annotate --judge` on lichess's own exports gives lichess's
# ?!/?/?? on every move: the NAGs of the input (lichess's judgments) and of our
# output (judged from the input's [%eval] comments; --judge drops the ?! ? ??
# it judges anew) must be the same, move by move.
#   lichess-judged.pgn  2021 export: winning-chances model (default)
#   lichess-evals.pgn   2017 export: lichess then judged centipawn drops (--judge-model cp)
set -u
root=${PGNKIT_ROOT:-.}
cd "$root" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# "PLY $NAG" for every NAG of the main line.
nags() {
    "$PGNKIT" convert --width 0 --strip comments,variations "$1" 2>/dev/null |
        grep -v '^\[' | tr ' ' '\n' | grep -v '^[0-9]*\.\+$' | grep -v '^$' |
        awk '/^\$/ { print n, $0; next } { n++ }'
}
status=0
for case in lichess-judged:winning-chances lichess-evals:cp; do
    name=${case%%:*} model=${case#*:}
    in=testdata/annotate/$name.pgn
    nags "$in" >"$tmp/want"
    "$PGNKIT" annotate -q --judge-model "$model" "$in" >"$tmp/out.pgn" || { echo "$name: annotate failed"; status=1; }
    nags "$tmp/out.pgn" >"$tmp/got"
    if [ ! -s "$tmp/want" ]; then
        echo "$name: no judgments in the input"; status=1
    elif ! diff "$tmp/want" "$tmp/got" >"$tmp/diff"; then
        echo "$name: judgments differ from lichess's (< lichess, > ours):"; cat "$tmp/diff"; status=1
    fi
done
exit $status
