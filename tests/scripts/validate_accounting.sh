#!/bin/sh
# validate_accounting.sh - every game of a mixed good/bad input is accounted for:
# --good and --bad receive each game exactly once, byte for byte, and re-validating
# them gives all-valid and all-invalid.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat testdata/broken/*.pgn testdata/hostile/*.pgn testdata/sample.pgn >"$tmp/mixed.pgn"
"$PGNKIT" validate -q --good "$tmp/good.pgn" --bad "$tmp/bad.pgn" "$tmp/mixed.pgn"
[ $? = 1 ] || { echo "expected exit 1 (some invalid)"; exit 1; }
in=$(wc -c <"$tmp/mixed.pgn")
out=$(cat "$tmp/good.pgn" "$tmp/bad.pgn" | wc -c)
[ "$in" = "$out" ] || { echo "bytes in $in, bytes out $out"; exit 1; }
summary=$("$PGNKIT" validate "$tmp/mixed.pgn" 2>&1 >/dev/null)
games=$(echo "$summary" | sed -n 's/^\([0-9]*\) games.*/\1/p')
good=$("$PGNKIT" validate "$tmp/good.pgn" 2>&1 >/dev/null | sed -n 's/^\([0-9]*\) games: \([0-9]*\) valid, 0 invalid.*/\1/p')
bad=$("$PGNKIT" validate "$tmp/bad.pgn" 2>&1 >/dev/null | sed -n 's/^\([0-9]*\) games: 0 valid, \([0-9]*\) invalid.*/\1/p')
[ -n "$good" ] || { echo "good file not all valid"; "$PGNKIT" validate -w "$tmp/good.pgn" | head; exit 1; }
[ -n "$bad" ] || { echo "bad file not all invalid"; exit 1; }
[ $((good + bad)) = "$games" ] || { echo "games $games, good $good + bad $bad"; exit 1; }
# Sorting the concatenations gives back the input's lines: nothing lost, nothing added.
sort "$tmp/mixed.pgn" >"$tmp/a"; cat "$tmp/good.pgn" "$tmp/bad.pgn" | sort >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b" || { echo "lines differ"; exit 1; }
echo "$games games: $good good + $bad bad, $in bytes"
