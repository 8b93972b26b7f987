#!/bin/sh
# annotate_stockfish.sh - annotate with a real engine (Stockfish), checked by
# properties that hold whatever its version, not by its numbers: every game is
# kept, every move that can be searched gets an [%eval], each best move and
# variation is legal (validate replays them), each "X was best." names the
# first move of the variation written after it, and --judge on the output
# judges as the engine run did (testdata/annotate/twic1428-first3.pgn: the
# first 3 games of TWIC 1428, where at --depth 6 the engine's own move
# 3... Nf6 takes its evaluation from -0.45 to +1.24). Exit 77 (skipped) without
# stockfish; the fake engine's tests (tests/cli/annotate/engine-*) pin numbers.
set -u
root=${PGNKIT_ROOT:-.}
cd "$root" || exit 1
. tests/scripts/need.inc
need stockfish
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
fail() { echo "FAIL: $*"; status=1; }
inputs="testdata/annotate/facts.pgn testdata/annotate/lichess-judged.pgn"

# shellcheck disable=SC2086
"$PGNKIT" annotate -j 2 --nodes 3000 --engine-option Threads=1 --engine-option Hash=16 \
    --width 0 $inputs >"$tmp/out.pgn" 2>"$tmp/err"
code=$?
[ "$code" = 1 ] || fail "annotate exit status $code, expected 1 (one invalid game, kept)"
grep -qx '6 games: 5 annotated, 1 invalid (kept)' "$tmp/err" ||
    fail "summary: $(tail -n 1 "$tmp/err")"
if grep -q 'warning: .*engine' "$tmp/err"; then
    fail "warnings about Stockfish's output:"; grep 'warning: .*engine' "$tmp/err" | head -n 5
fi

# Legal best moves and variations: the output replays, but for the invalid game.
"$PGNKIT" validate "$tmp/out.pgn" >"$tmp/validate" 2>&1
grep -q '^6 games: 5 valid, 1 invalid' "$tmp/validate" ||
    fail "validate on the output: $(tail -n 1 "$tmp/validate")"

# An [%eval] for every position after a move, and the start's, but where the
# game has ended by mate or stalemate (not searched): counted per game against
# PlyCount and TerminationDetails of the input.
# shellcheck disable=SC2086
"$PGNKIT" annotate -q --plycount --termination $inputs >"$tmp/facts.pgn" 2>/dev/null
awk '/^\[Event /{ n++; want[n] = "" }
     /^\[PlyCount /{ gsub(/[^0-9]/, ""); want[n] = $0 + 1 }
     /^\[TerminationDetails "(checkmate|stalemate)"\]/{ end[n] = 1 }
     END { for (i = 1; i <= n; i++) print i, (want[i] == "" ? "-" : want[i] - end[i]) }' \
    "$tmp/facts.pgn" >"$tmp/want"
awk '/^\[Event /{ n++; got[n] = 0 }
     /^[^[]/{ got[n] += gsub(/\[%eval /, "") }
     END { for (i = 1; i <= n; i++) print i, got[i] }' "$tmp/out.pgn" >"$tmp/got"
while read -r game want; do
    got=$(awk -v g="$game" '$1 == g { print $2 }' "$tmp/got")
    [ "$want" = - ] && continue # invalid: passed through as read
    [ "$got" = "$want" ] || fail "game $game: $got evaluations, expected $want"
done <"$tmp/want"
[ "$(awk '$2 != "-"' "$tmp/want" | wc -l)" = 5 ] || fail "not 5 annotated games in $tmp/want"

# "X was best." then the engine's variation, which starts with X.
# (No [%eval] after a move that ends the game by mate or stalemate.)
grep -oE 'was best\.}( \{\[%eval [^]]*\]})? \([0-9]+\.+ [^ )]+' "$tmp/out.pgn" >"$tmp/best" || true
judged=$(grep -o 'was best\.' "$tmp/out.pgn" | wc -l)
[ "$judged" -gt 0 ] || fail "no judged move names a best move"
[ "$(wc -l <"$tmp/best")" = "$judged" ] || fail "$judged best moves but $(wc -l <"$tmp/best") variations after them"
# Every judged move is paired with its variation's first move and checked:
# a "was best." the pattern below misses would otherwise go unchecked.
grep -oE '[ {][^ {}]+ was best\.}( \{\[%eval [^]]*\]})? \([0-9]+\.+ [^ )]+' "$tmp/out.pgn" |
    sed 's/^[ {]\([^ ]*\) was best.*[.] \([^ ]*\)$/\1 \2/' >"$tmp/pairs" || true
[ "$(wc -l <"$tmp/pairs")" = "$judged" ] ||
    fail "$judged moves judged 'was best.' but $(wc -l <"$tmp/pairs") of them checked against their variation"
checked=0
while read -r best first; do
    checked=$((checked + 1))
    [ "$best" = "$first" ] || fail "'$best was best.' but the variation starts with '$first'"
done <"$tmp/pairs"
[ "$checked" = "$judged" ] || fail "$checked 'was best.' checks run, $judged judged moves"

# The same judgments from the engine as from --judge on its output.
"$PGNKIT" annotate -q -j 1 --depth 6 --engine-option Threads=1 --engine-option Hash=16 \
    testdata/annotate/twic1428-first3.pgn >"$tmp/twic.pgn" 2>/dev/null
# Two runs that both fail write the same nothing: that is no agreement.
[ -s "$tmp/twic.pgn" ] || fail "annotate --depth 6 on twic1428-first3.pgn wrote nothing"
"$PGNKIT" annotate -q --judge "$tmp/twic.pgn" >"$tmp/twic-judged.pgn" 2>/dev/null
cmp -s "$tmp/twic.pgn" "$tmp/twic-judged.pgn" || {
    fail "--judge on the engine's output judges otherwise:"
    diff "$tmp/twic.pgn" "$tmp/twic-judged.pgn" | head -n 10
}
exit $status
