#!/bin/sh
# junk_between_games.sh - junk between games (a tag pair without a value, then a
# line with a lone '"'; an unterminated tag pair at the end of the file) is an
# invalid game for every command: each counts the same 4 games, 2 of them
# invalid, reports games 2 and 4, and annotate passes them through.
# testdata/reader/junk_between_games.pgn holds, counted by hand: game 1 (valid),
# game 2 (the junk), game 3 (valid), game 4 (the unterminated tag pair).
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
in=testdata/reader/junk_between_games.pgn
. tests/scripts/expect.inc
# reported FILE: the game numbers its error lines name, once each.
reported() { sed -n 's/.*: error: game \([0-9]*\):.*/\1/p' "$1" | sort -u | tr '\n' ' '; }

for j in 1 2; do
    "$PGNKIT" validate -j $j "$in" >/dev/null 2>"$tmp/err"
    expect "validate -j$j" "$(tail -n 1 "$tmp/err" | cut -d';' -f1)" "4 games: 2 valid, 2 invalid"

    "$PGNKIT" convert -j $j "$in" >"$tmp/out" 2>"$tmp/err"
    expect "convert -j$j summary" "$(tail -n 1 "$tmp/err")" "4 games: 2 converted, 2 invalid (skipped)"
    expect "convert -j$j reports" "$(reported "$tmp/err")" "2 4 "
    expect "convert -j$j games written" "$(grep -c '^\[Event ' "$tmp/out")" 2

    "$PGNKIT" convert -j $j --keep-invalid "$in" >"$tmp/out" 2>/dev/null
    expect "convert -j$j --keep-invalid keeps the junk" "$(grep -c '^\[Event ' "$tmp/out")" 4

    expect "search -j$j -c" "$("$PGNKIT" search -j $j -c "$in")" 4
    a=$("$PGNKIT" search -j $j -c --result 1-0 "$in")
    b=$("$PGNKIT" search -j $j -c -v --result 1-0 "$in")
    expect "search -j$j selected + rest" "$a + $b" "1 + 3"
    "$PGNKIT" search -j $j --summary -v --result 1-0 "$in" >"$tmp/out" 2>"$tmp/err"
    expect "search -j$j --summary" "$(tail -n 1 "$tmp/err" | cut -d';' -f1)" "4 games, 3 selected"
    expect "search -j$j -v prints the junk" "$(grep -c '^\[Event \(\]\|"Bad\)' "$tmp/out")" 2

    "$PGNKIT" stats -j $j "$in" >"$tmp/out" 2>/dev/null
    expect "stats -j$j all" "$(awk '$1 == "all" { print $2; exit }' "$tmp/out")" 4
    expect "stats -j$j invalid" "$(awk '$1 == "invalid" { print $2; exit }' "$tmp/out")" 2

    "$PGNKIT" annotate -j $j --plycount "$in" >"$tmp/out" 2>"$tmp/err"
    expect "annotate -j$j summary" "$(tail -n 1 "$tmp/err")" "4 games: 2 annotated, 2 invalid (kept)"
    expect "annotate -j$j reports" "$(reported "$tmp/err")" "2 4 "
    expect "annotate -j$j passes the junk through" \
        "$(grep -c '^\[Event \]$\|^"$\|^\[Event "Bad$' "$tmp/out")" 3
done
"$PGNKIT" index "$in" -o "$tmp/x.db" >/dev/null 2>"$tmp/err"
expect "index" "$(tail -n 1 "$tmp/err" | sed 's/.*: \(.*\), .*/\1/')" "4 games read (2 invalid)"
expect "search on the index" "$("$PGNKIT" search -c "$tmp/x.db")" 4
exit $fail
