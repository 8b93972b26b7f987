#!/bin/sh
# comments_only.sh - comments alone, with no tag pair, move or result after them
# (testdata/reader/comments_only.pgn: two comments, no game), are no game for every
# command, as for pgn-extract ("0 games matched out of 0"): validate, convert,
# search, stats, annotate and index count 0 games for that file, and 39 for it
# followed by testdata/sample.pgn (39 games, counted by hand at its [Event lines),
# also through a database. validate --good still holds the comments' bytes, so
# --good and --bad hold every byte of the input. (A comment before a game is part
# of that game, and one after the last game part of it.)
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
only=testdata/reader/comments_only.pgn
sample=testdata/sample.pgn
. tests/scripts/expect.inc
# games CMD ARGS...: the N of the summary line "N games: ..." that CMD prints last on stderr.
games() { "$PGNKIT" "$@" 2>&1 >/dev/null | tail -n 1 | sed -n 's/^\([0-9]*\) games\{0,1\}: .*/\1/p'; }

for j in 1 2; do
    for set in "0 $only" "39 $only $sample"; do
        want=${set%% *} files=${set#* }
        # shellcheck disable=SC2086
        {
            expect "validate -j$j $files" "$(games validate -j $j $files)" "$want"
            expect "convert -j$j $files" "$(games convert -j $j $files)" "$want"
            expect "annotate -j$j $files" "$(games annotate -j $j --plycount $files)" "$want"
            expect "search -j$j -c $files" "$("$PGNKIT" search -j $j -c $files)" "$want"
            expect "search -j$j -c -v $files" "$("$PGNKIT" search -j $j -c -v --white zzz $files)" "$want"
            expect "stats -j$j $files" \
                "$("$PGNKIT" stats -j $j $files | awk '$1 == "all" { print $2; exit }')" "$want"
            "$PGNKIT" index -j $j $files -o "$tmp/db.pgnkit" 2>"$tmp/err"
            expect "index -j$j $files" "$(sed -n 's/.*: \([0-9]*\) games read.*, \([0-9]*\) in .*/\1 \2/p' "$tmp/err")" \
                "$want $want"
        }
        expect "validate -j$j through the database of $files" "$(games validate -j $j "$tmp/db.pgnkit")" "$want"
        expect "search -c through the database of $files" "$("$PGNKIT" search -c "$tmp/db.pgnkit")" "$want"
        expect "stats through the database of $files" \
            "$("$PGNKIT" stats "$tmp/db.pgnkit" | awk '$1 == "all" { print $2; exit }')" "$want"
    done
    # No game, so nothing to report, and the comments are not lost from the split.
    "$PGNKIT" validate -j $j --good "$tmp/good.pgn" --bad "$tmp/bad.pgn" "$only" >"$tmp/out" 2>/dev/null
    expect "validate -j$j exit status" "$?" 0
    expect "validate -j$j diagnostics" "$(cat "$tmp/out")" ""
    cmp -s "$tmp/good.pgn" "$only" || { echo "FAIL: validate -j$j --good does not hold the comments"; fail=1; }
done
exit $fail
