#!/bin/sh
# blank_runs.sh - white space between games belongs to no game: 17,000,000 empty
# lines (more than the 16 MiB a game may hold) after a game, or a line of as many
# spaces, neither makes that game too big nor is a game itself, and an input or an
# archive member of nothing but empty lines holds no game. The big inputs are made
# here, not committed.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. tests/scripts/expect.inc
. tests/scripts/need.inc
need tar
game_a='[Event "A"]\n[Result "1-0"]\n\n1. e4 e5 1-0\n'
game_b='[Event "B"]\n[Result "0-1"]\n\n1. d4 d5 0-1\n'
head -c 17000000 /dev/zero | tr '\0' '\n' >"$tmp/lines"
head -c 17000000 /dev/zero | tr '\0' ' ' >"$tmp/spaces"
{ printf "$game_a"; cat "$tmp/lines"; printf "$game_b"; } >"$tmp/lines.pgn"
{ printf "$game_a"; cat "$tmp/spaces"; printf "\n$game_b"; } >"$tmp/spaces.pgn"
# 18 MB of CRLF line ends, with a blank on each empty line.
{ printf "$game_a"; head -c 6000000 "$tmp/lines" | sed 's/$/ \r/'; printf "$game_b"; } >"$tmp/crlf.pgn"
{ printf "$game_a"; cat "$tmp/lines"; } >"$tmp/tail.pgn"
cp "$tmp/lines" "$tmp/blank.pgn"

for f in lines spaces crlf; do
    for j in 1 2; do
        "$PGNKIT" validate -j $j --good "$tmp/good.pgn" "$tmp/$f.pgn" >/dev/null 2>"$tmp/err"
        expect "$f: validate -j$j" "$(tail -n 1 "$tmp/err" | cut -d';' -f1)" \
            "2 games: 2 valid, 0 invalid"
        expect "$f: validate -j$j --good" "$(grep -c '^\[Event "[AB]"\]$' "$tmp/good.pgn")" 2
        # The run is in neither game's text: the two games alone are a few lines.
        expect "$f: validate -j$j --good lines" "$(wc -l <"$tmp/good.pgn")" 8
        expect "$f: search -j$j -c" "$("$PGNKIT" search -j $j -c --result 1-0,0-1 "$tmp/$f.pgn")" 2
        "$PGNKIT" convert -j $j "$tmp/$f.pgn" >/dev/null 2>"$tmp/err"
        expect "$f: convert -j$j" "$(tail -n 1 "$tmp/err")" "2 games: 2 converted, 0 invalid"
    done
done
# The line numbers after the run are still those of the file.
line=$("$PGNKIT" validate "$tmp/lines.pgn" 2>&1 | sed -n 's/.*:\([0-9]*\):1: warning: game 2: .*/\1/p' | head -n 1)
expect "line of game 2" "$line" 17000005
"$PGNKIT" validate "$tmp/tail.pgn" >/dev/null 2>"$tmp/err"
expect "white space at the end" "$(tail -n 1 "$tmp/err" | cut -d';' -f1)" "1 game: 1 valid, 0 invalid"
"$PGNKIT" validate "$tmp/blank.pgn" >/dev/null 2>"$tmp/err"
expect "white space only" "$(tail -n 1 "$tmp/err" | cut -d';' -f1)" "0 games: 0 valid, 0 invalid"
# An archive member of nothing but empty lines is no game.
printf "$game_b" >"$tmp/b.pgn"
(cd "$tmp" && tar cf both.tar blank.pgn b.pgn) || { echo "FAIL cannot make the tar"; exit 1; }
"$PGNKIT" validate "$tmp/both.tar" >/dev/null 2>"$tmp/err"
expect "tar with a blank member" "$(tail -n 1 "$tmp/err" | cut -d';' -f1)" "1 game: 1 valid, 0 invalid"
exit $fail
