#!/bin/sh
# diagram_names.sh - a diagram's file name carries its game's number in its
# input, the number `search -l` prints, and with several inputs the input's
# file name: for every file `diagram -o` writes, `search --where 'game = N'`
# on the input its name gives selects the game the picture shows (its title
# names the same players), and the files are exactly the games search -l lists.
# SPDX-License-Identifier: MIT
set -u
cd "${PGNKIT_ROOT:-.}" || exit 3
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
status=0
fail() { echo "diagram_names.sh: $*"; status=1; }

# Two inputs; the second's games are numbered from 1 again, as search -l does.
set -- testdata/diagram/arrows.pgn testdata/sample.pgn
"$PGNKIT" diagram -o "$tmp/two" --ply 3 "$@" 2>/dev/null || fail "diagram -o (two inputs): exit $?"
"$PGNKIT" diagram --graph -o "$tmp/graph" testdata/annotate/lichess-evals.pgn || fail "diagram --graph"
"$PGNKIT" diagram -o "$tmp/one" --ply 2 testdata/sample.pgn 2>/dev/null || fail "diagram -o (one input)"

# The (input, number) pairs of the names, against search -l's labels.
"$PGNKIT" search -l "$@" | cut -f 1 | sed 's|^.*/||' | sort >"$tmp/want"
ls "$tmp/two" | sed -n 's/^\(.*\)-game-0*\([0-9][0-9]*\)-ply-[0-9]*\.svg$/\1:\2/p' | sort >"$tmp/got"
[ -s "$tmp/want" ] || fail "search -l lists no game"
cmp -s "$tmp/want" "$tmp/got" || { fail "names differ from search -l's labels:"; diff "$tmp/want" "$tmp/got" | head; }

# Each name's number selects, with --where, the game the picture shows.
title() { sed -n 's/.*<title>\([^<]*\) – \([^<,]*\).*/\1 – \2/p' "$1" | head -n 1; }
checked=0
for f in "$tmp"/two/*.svg "$tmp"/one/*.svg "$tmp"/graph/*.svg; do
    name=${f##*/}
    n=$(echo "$name" | sed 's/^.*game-0*\([0-9][0-9]*\)-.*/\1/')
    case $f in
    */two/*) stem=${name%%-game-*}
             input=$(for i in "$@"; do [ "${i##*/}" = "$stem" ] && echo "$i"; done) ;;
    */one/*) input=testdata/sample.pgn ;;
    *) input=testdata/annotate/lichess-evals.pgn ;;
    esac
    [ -n "$input" ] || { fail "$name: no input of that name"; continue; }
    players=$("$PGNKIT" search -l --where "game = $n" "$input" | cut -f 2,3 | sed 's/\t/ – /')
    [ -n "$players" ] || { fail "$name: --where 'game = $n' selects nothing in $input"; continue; }
    got=$(title "$f")
    # The title may shorten given names; the surnames must be those of the game.
    w=${players%% – *} b=${players#* – }
    case $got in
    *"${w%%,*}"*" – "*"${b%%,*}"*) checked=$((checked + 1)) ;;
    *) fail "$name: shows '$got', --where 'game = $n' selects '$players'" ;;
    esac
done
[ $checked -ge 5 ] || fail "only $checked pictures checked"
[ $status = 0 ] && echo "diagram_names.sh: $checked file names select their game"
exit $status
