#!/bin/sh
# convert_roundtrip.sh - convert loses nothing. Over every game file of testdata/:
# writing the moves in another notation or language (or as JSON) and reading
# them back gives the same PGN, and converting the output again changes
# nothing. German texts (pgn-extract output and book notation) give their
# English originals.
set -u
root=${PGNKIT_ROOT:-.}
cd "$root" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
fail() { echo "$*"; status=1; }

# Styles: the options that write, and the --input-lang that reads them back
# ("auto" tests the per-game language detection).
styles='--notation lan|auto
--notation uci|auto
--notation figurine|auto
--lang de|auto
--notation lan --lang de --book --captured|auto
--lang fr|fr
--lang es|es
--lang nl|nl
--notation lan --lang pl|pl
--lang cs|cs
--lang hu|hu
--notation lan --lang ro|ro
--lang ru --book|ru'

games=0
for f in testdata/sample.pgn testdata/convert/*.pgn testdata/notation/*.pgn testdata/reader/*.pgn; do
    "$PGNKIT" convert -q "$f" >"$tmp/ref.pgn"
    [ -s "$tmp/ref.pgn" ] || continue
    games=$((games + $(grep -c '^\[Event ' "$tmp/ref.pgn")))
    "$PGNKIT" convert -q "$tmp/ref.pgn" | cmp -s - "$tmp/ref.pgn" ||
        fail "$f: converting the output again changes it"
    printf '%s\n' "$styles" | while IFS='|' read -r opts lang; do
        # shellcheck disable=SC2086 # opts is a list of options
        "$PGNKIT" convert -q $opts "$tmp/ref.pgn" >"$tmp/styled.pgn"
        "$PGNKIT" convert -q --input-lang "$lang" "$tmp/styled.pgn" >"$tmp/back.pgn"
        if ! cmp -s "$tmp/back.pgn" "$tmp/ref.pgn"; then
            echo "$f: $opts and back (--input-lang $lang) differs:"
            diff "$tmp/ref.pgn" "$tmp/back.pgn" | head -n 6
            exit 1
        fi
    done || status=1
    for fmt in json ndjson; do
        "$PGNKIT" convert -q --format $fmt --fen "$tmp/ref.pgn" |
            "$PGNKIT" convert -q --from json | cmp -s - "$tmp/ref.pgn" ||
            fail "$f: --format $fmt and back differs"
    done
    # Invalid games passed through JSON come back byte for byte.
    "$PGNKIT" convert -q --keep-invalid "$f" >"$tmp/kept.pgn"
    "$PGNKIT" convert -q --keep-invalid --format json "$f" |
        "$PGNKIT" convert -q --keep-invalid --from json | cmp -s - "$tmp/kept.pgn" ||
        fail "$f: --keep-invalid through JSON differs"
done
[ "$games" -gt 100 ] || fail "only $games games were tried"

# Tags in sorted order per game (pgn-extract reorders some), then the movetext.
sorted_tags() {
    awk -v tab="$(printf '\t')" '
        /^\[/ { if (body) { g++; body = 0 } print g tab 0 tab $0 tab $0; next }
        { body = 1; printf "%d%s1%s%09d%s%s\n", g, tab, tab, NR, tab, $0 }' "$1" |
        sort -t "$(printf '\t')" -k1,1n -k2,2n -k3,3 | cut -f 4-
}
# First N games of a PGN export file.
first_games() {
    awk -v n="$1" '/^\[Event / { g++ } g <= n' "$2"
}
same() {
    if ! cmp -s "$1" "$2"; then
        fail "$3:"
        diff "$1" "$2" | head -n 6
    fi
}

# pgn-extract's German SAN and German/English long algebraic of the same 20 games.
"$PGNKIT" convert -q testdata/convert/otb_events_2019.en.pgn >"$tmp/en.pgn"
sorted_tags "$tmp/en.pgn" >"$tmp/en.sorted"
for f in testdata/notation/otb_events_2019.de-san.pgn testdata/notation/otb_events_2019.en-xlalg.pgn \
    testdata/notation/otb_events_2019.de-xlalg.pgn; do
    "$PGNKIT" convert -q "$f" >"$tmp/de.pgn"
    n=$(grep -c '^\[Event ' "$tmp/de.pgn")
    first_games "$n" "$tmp/en.pgn" >"$tmp/en.n.pgn"
    sorted_tags "$tmp/en.n.pgn" >"$tmp/a"
    sorted_tags "$tmp/de.pgn" >"$tmp/b"
    same "$tmp/a" "$tmp/b" "$f is not its English original"
done

# German book notation (long, short, mixed, no move numbers) against the moves.
"$PGNKIT" convert -q --format uci testdata/notation/world_matches.de-mixed.pgn >"$tmp/uci"
same testdata/notation/world_matches.de-mixed.uci "$tmp/uci" "world_matches.de-mixed.pgn moves"
"$PGNKIT" convert -q --format uci testdata/notation/avro1938.de-long.pgn >"$tmp/a"
"$PGNKIT" convert -q --format uci testdata/notation/avro1938.en.pgn >"$tmp/b"
same "$tmp/a" "$tmp/b" "avro1938.de-long.pgn moves"
for t in schaefermatt.de-long schaefermatt.de-short; do
    "$PGNKIT" convert -q --format uci "testdata/notation/$t.txt" >"$tmp/a"
    same testdata/notation/schaefermatt.uci "$tmp/a" "$t.txt moves"
done
exit $status
