#!/bin/sh
# index_equality.sh - the main-line answers of `pgnkit index`'s database equal the
# scan's over big real files: for each FILE (default: the corpus of /work/shared and
# /tmp/bench.pgn), `search -c` with each criterion below on the database and on the
# PGN must print the same count. Too slow for make test (minutes); run by hand:
#   sh tests/bench/index_equality.sh [PGNKIT] [FILE...]
# Prints one line per file and criterion, "ok" or "DIFFERS"; exits 1 on a difference.
PGNKIT=${1:-build/pgnkit}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] || set -- /work/shared/testdata/corpus/*.pgn.gz /tmp/bench.pgn
tmp=$(mktemp -d) || exit 3
trap 'rm -rf "$tmp"' EXIT
status=0
for file in "$@"; do
    db="$tmp/games.pgnkit"
    rm -f "$db"
    "$PGNKIT" index -q "$file" -o "$db" || { echo "$file: index failed"; status=1; continue; }
    while IFS= read -r criterion; do
        eval "set -- $criterion"
        scan=$("$PGNKIT" search -c "$@" "$file" 2>&1)
        base=$("$PGNKIT" search -c "$@" "$db" 2>&1)
        if [ "$scan" = "$base" ]; then
            echo "ok       $(basename "$file") $criterion: $scan"
        else
            echo "DIFFERS  $(basename "$file") $criterion: scan $scan, database $base"
            status=1
        fi
    done <<'EOF'
--checkmate
--stalemate
--dead-position
--fifty
--seventyfive
--underpromotion
--repetition 3
--moves '1. e4 c5'
--moves '1. d4 Nf6 2. c4'
EOF
done
exit $status
