#!/bin/sh
# index_equality.sh - the main-line answers of `pgnkit index`'s database equal the
# scan's over big real files: for each FILE (default: the corpus of /work/shared and
# /tmp/bench.pgn), `search -c` with each criterion below on the database and on the
# PGN must print the same count, and stats --tree at nodes along two lines (and by
# speed at two) the same JSON. Too slow for make test (minutes); run by hand:
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
--repetition 6
--moves '1. e4 c5'
--moves '1. d4 Nf6 2. c4'
--white-elo 2500-2700
--white-elo 2507-2693
--black-elo 2496-2511
--white-elo 2601-2601
--checkmate --white-elo 2400-2600
--result 0-1 --underpromotion
--where 'stalemate and year > 2000'
EOF
    # The tree (read from the counts per position where they tell) at nodes along
    # two lines, in JSON: the database's answer is the scan's.
    ruy="1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3"
    for moves in "" "1. d4" "1. d4 Nf6 2. c4 e6" "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6" \
            "1. e4 e5 2. Nf3 Nc6 3. Bb5" "$ruy" "$ruy Nb8 10. d4 Nbd7 11. Nbd2 Bb7 12. Bc2 Re8"; do
        "$PGNKIT" stats --tree --format json ${moves:+--moves "$moves"} "$file" >"$tmp/scan.json" 2>&1
        "$PGNKIT" stats --tree --format json ${moves:+--moves "$moves"} "$db" >"$tmp/db.json" 2>&1
        if cmp -s "$tmp/scan.json" "$tmp/db.json"; then
            echo "ok       $(basename "$file") stats --tree at '$moves'"
        else
            echo "DIFFERS  $(basename "$file") stats --tree at '$moves'"
            status=1
        fi
    done
    # The tree by speed (the database's walks keep each game's speed) and the explorer's
    # filters through the scan: the database's JSON is the file's.
    for moves in "" "1. e4"; do
        "$PGNKIT" stats --tree --by speed --format json ${moves:+--moves "$moves"} "$file" >"$tmp/scan.json" 2>&1
        "$PGNKIT" stats --tree --by speed --format json ${moves:+--moves "$moves"} "$db" >"$tmp/db.json" 2>&1
        if cmp -s "$tmp/scan.json" "$tmp/db.json"; then
            echo "ok       $(basename "$file") stats --tree --by speed at '$moves'"
        else
            echo "DIFFERS  $(basename "$file") stats --tree --by speed at '$moves'"
            status=1
        fi
    done
done
exit $status
