#!/bin/sh
# option_aliases.sh - the old spelling of an option (a hidden alias) does what
# the option of the one vocabulary does, -h does not show it, and pgnkit(1)
# COMPATIBILITY names it.
set -u
root=${PGNKIT_ROOT:-.}
cd "$root" || exit 1
status=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# same NAME 'OLD ARGS' 'NEW ARGS': both command lines print the same and exit the same.
same() {
    eval "\"\$PGNKIT\" $2" >"$tmp/old" 2>&1; old=$?
    eval "\"\$PGNKIT\" $3" >"$tmp/new" 2>&1; new=$?
    if [ $old != $new ] || ! cmp -s "$tmp/old" "$tmp/new"; then
        echo "$1: '$2' (exit $old) and '$3' (exit $new) differ:"
        diff "$tmp/old" "$tmp/new" | head -n 10
        status=1
    fi
    [ -s "$tmp/new" ] || { echo "$1: '$3' printed nothing"; status=1; }
}

fen='r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3'
same validate-lang 'validate --lang de testdata/corpus/german_schachfeld.pgn' \
    'validate --input-lang de testdata/corpus/german_schachfeld.pgn'
same validate-v 'validate -v testdata/broken/illegal-castling-through-check.pgn' \
    'validate --verbose testdata/broken/illegal-castling-through-check.pgn'
same stats-tree-fen "stats --tree --fen '$fen' testdata/sample.pgn" \
    "stats --tree --position '$fen' testdata/sample.pgn"
same stats-fen "stats --fen '$fen' testdata/sample.pgn" \
    "stats --position '$fen' testdata/sample.pgn"
same perft-e 'perft -e tests/data/standard.epd --max-nodes 1000' \
    'perft --epd tests/data/standard.epd --max-nodes 1000'

# Every alias the binary knows: hidden from -h, named in pgnkit(1).
"$PGNKIT" __aliases >"$tmp/aliases" || { echo "pgnkit __aliases failed"; exit 1; }
[ -s "$tmp/aliases" ] || { echo "pgnkit __aliases lists nothing"; exit 1; }
compat=$(sed -n '/^\.SH COMPATIBILITY/,/^\.SH [^C]/p' man/pgnkit.1 | sed 's/\\-/-/g')
while read -r cmd alias option; do
    if "$PGNKIT" "$cmd" -h | grep -q -- "$alias\\b"; then
        echo "$cmd -h shows the hidden alias $alias"; status=1
    fi
    "$PGNKIT" "$cmd" -h | grep -q -- "$option\\b" || { echo "$cmd -h lacks $option"; status=1; }
    case $compat in
    *"$cmd $alias"*) ;;
    *) echo "pgnkit(1) COMPATIBILITY does not name '$cmd $alias'"; status=1 ;;
    esac
done <"$tmp/aliases"
# The short ones, which getopt's letters hold rather than the alias table.
for short in 'validate -v' 'perft -e'; do
    case $compat in *"$short"*) ;; *) echo "pgnkit(1) COMPATIBILITY does not name '$short'"; status=1 ;; esac
done
exit $status
