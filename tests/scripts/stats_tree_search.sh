#!/bin/sh
# stats_tree_search.sh - each child of a --tree root reached only by one move order
# counts exactly the games `pgnkit search --moves` selects for its moves; criteria
# restrict stats as they restrict search.
set -u
root=${PGNKIT_ROOT:-.}
cd "$root" || exit 1
status=0
f=testdata/sample.pgn
check() { [ "$2" = "$3" ] || { echo "$1: stats says '$2', search says '$3'"; status=1; }; }
# From the start position and after 1. e4 (no other way to reach either at its ply).
for prefix in "" "1. e4" "1. d4"; do
    if [ -n "$prefix" ]; then
        rows=$("$PGNKIT" stats --tree --moves "$prefix" --format csv "$f" | tail -n +2)
    else
        rows=$("$PGNKIT" stats --tree --format csv "$f" | tail -n +2)
    fi
    [ -n "$rows" ] || { echo "no tree rows after '$prefix'"; status=1; }
    echo "$rows" | while IFS=, read -r move games rest; do
        [ -n "$move" ] || continue
        if [ -z "$prefix" ]; then line="1. $move"
        else line="$prefix $move"; fi
        n=$("$PGNKIT" search -c --moves "$line" "$f")
        check "tree '$line'" "$games" "$n"
        [ "$games" = "$n" ] || exit 1
    done || status=1
done
# Criteria: the summary of a selection counts what search selects.
for crit in "--white Anderssen" "--result 1-0" "--elo-min 2000" "--moves 1.e4" "--checkmate"; do
    # shellcheck disable=SC2086
    n_stats=$("$PGNKIT" stats $crit --format csv "$f" | awk -F, '$1 == "games" && $2 == "all" { print $3 }')
    # shellcheck disable=SC2086
    n_search=$("$PGNKIT" search -c $crit "$f")
    check "stats $crit" "$n_stats" "$n_search"
done
exit $status
