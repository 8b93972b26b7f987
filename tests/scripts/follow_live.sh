#!/bin/sh
# follow_live.sh - --follow --moves-live tells each move of a game in play
# once, as it appears in a file a broadcast rewrites at every move (DGT
# LiveChess's games.pgn, a lichess broadcast source): a move cut in the
# middle of a word waits until it is whole, a move taken back (the file
# rewritten with another move, or shrunk) is told as taken back, the
# result once; the boards are known by their tags wherever they stand in
# the file; --dgt finishes a '*' game at the kings-on-the-centre signal;
# SIGINT leaves an honest summary. Every expected line is counted by hand
# from the moves written below. The writer waits for each state to be
# told before writing the next one, so no state is missed on a loaded
# machine; the only timing is --until-idle.
set -u
root=${PGNKIT_ROOT:-.}
cd "$root" || exit 1
tmp=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill $pid 2>/dev/null; rm -rf "$tmp"' EXIT
status=0
fail() { echo "FAIL: $*"; status=1; }
live=$tmp/games.pgn
T=$(printf '\t')

# board N WHITE RESULT-TAG MOVETEXT: one game of round 5 as a broadcast writes it.
board() {
    printf '[Event "Live Open"]\n[Site "Hall"]\n[Date "2026.12.06"]\n[Round "5"]\n'
    printf '[Board "%s"]\n[White "%s"]\n[Black "Omega"]\n[Result "%s"]\n\n%s\n\n' "$1" "$2" "$3" "$4"
}
# put TEXT...: the file becomes the output of the command given, written in place.
put() { "$@" >"$tmp/next"; cat "$tmp/next" >"$live"; }
# wait_for FILE TEXT [N]: until FILE holds TEXT (fixed string) on N lines (default 1).
wait_for() {
    n=0
    while [ "$(grep -cF -- "$2" "$1" 2>/dev/null)" != "${3:-1}" ] && [ $n -lt 400 ]; do
        sleep 0.05
        n=$((n + 1))
    done
    [ $n -lt 400 ] || fail "waited in vain for '$2' ${3:-1} time(s) in $(basename "$1")"
}
# lines FILE TEXT: the lines of FILE holding TEXT.
lines() { grep -cF -- "$2" "$1"; }

# 1. One board, moves arriving; a move cut in the middle ("4. Q", then
# "4. Qx"); board 2 ('*', no moves yet) stands before it from the second
# state on, which must not make board 1's moves new; then the result.
id="5${T}1${T}Alpha${T}Omega"
put board 1 Alpha '*' '1. e4 e5 *'
"$PGNKIT" convert --follow --moves-live --until-idle 5 "$live" >"$tmp/out" 2>"$tmp/err" &
pid=$!
wait_for "$tmp/out" "% move$T$id${T}1...${T}e5"
put board 1 Alpha '*' '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Q'
wait_for "$tmp/out" "% move$T$id${T}3...${T}Nf6"
{ board 2 Beta '*' '*'; board 1 Alpha '*' '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qx'; } >"$tmp/next"
cat "$tmp/next" >"$live"
sleep 0.5
{ board 2 Beta '*' '*'; board 1 Alpha '1-0' '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0'; } >"$tmp/next"
cat "$tmp/next" >"$live"
wait "$pid"
code=$?
pid=
[ $code = 0 ] || fail "convert --follow --moves-live: exit $code"
[ "$(lines "$tmp/out" "% move$T$id$T")" = 7 ] || fail "board 1: not its 7 moves told: $(grep -c '^% move' "$tmp/out")"
[ "$(lines "$tmp/out" "% move$T$id${T}4.${T}Qxf7#")" = 1 ] || fail "4. Qxf7# not told once, whole"
grep -q "${T}Qx\?\$" "$tmp/out" && fail "a move cut in the middle was told: $(grep "${T}Qx\?\$" "$tmp/out")"
[ "$(lines "$tmp/out" "% result$T$id${T}1-0")" = 1 ] || fail "board 1's result not told once"
grep -q "Beta" "$tmp/out" && fail "board 2, without a move, told something"
grep -q "takeback" "$tmp/out" && fail "a takeback told where none was made"
# Each told line comes before the game in convert's output, which stays PGN.
[ "$(grep -n '^% result' "$tmp/out" | cut -d: -f1)" -lt "$(grep -n '^\[White "Alpha"\]' "$tmp/out" | cut -d: -f1)" ] ||
    fail "the finished game came before its result line"
"$PGNKIT" validate -q "$tmp/out" || fail "convert's output with the told lines is not valid PGN"
cp "$tmp/out" "$tmp/out1" # for pgn-extract, at the end
grep -q "moves told live" "$tmp/err" || fail "no summary of the told moves"
grep -q "followed: 1 game, 0 corrected; 1 game not finished (no result yet): not read; 7 moves told live, 0 taken back" \
    "$tmp/err" || fail "summary: $(grep followed "$tmp/err")"

# 2. A move taken back: 3...Nf6 replaced by 3...Qe7 (in place), then the
# file shrunk to two moves and grown again.
put board 1 Alpha '*' '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 *'
# The output is emptied before each case's reader starts: its own
# redirection happens in the child, which a loaded machine may run only
# after wait_for has looked, finding the previous case's lines there.
: >"$tmp/out"
"$PGNKIT" search --follow --moves-live --until-idle 5 "$live" >"$tmp/out" 2>"$tmp/err" &
pid=$!
wait_for "$tmp/out" "${T}3...${T}Nf6"
put board 1 Alpha '*' '1. e4 e5 2. Qh5 Nc6 3. Bc4 Qe7 *'
wait_for "$tmp/out" "${T}3...${T}Qe7"
put board 1 Alpha '*' '1. e4 e5 *'
wait_for "$tmp/out" "% takeback$T$id${T}2.${T}Qh5"
put board 1 Alpha '*' '1. e4 e5 2. Nf3 *'
wait "$pid"
pid=
[ "$(lines "$tmp/out" "% takeback$T$id${T}3...${T}Nf6")" = 1 ] || fail "3...Nf6 replaced: not told taken back once"
[ "$(lines "$tmp/out" "% takeback$T")" = 2 ] || fail "not 2 takebacks: $(grep takeback "$tmp/out")"
[ "$(lines "$tmp/out" "% move$T$id${T}2.${T}Nf3")" = 1 ] || fail "2. Nf3 after the shrink not told"
[ "$(lines "$tmp/out" "% move$T$id$T")" = 8 ] || fail "not 6 + Qe7 + Nf3 moves told: $(grep -c move "$tmp/out")"
grep -q "8 moves told live, 2 taken back" "$tmp/err" || fail "summary: $(grep followed "$tmp/err")"

# 3. --dgt: the kings put on d4 and d5 finish the '*' game (a draw: a king
# on a dark and one on a light square); 4. Kd4 was told as a move, then
# taken back as half of the signal. Without --dgt the game stays in play.
put board 3 Two '*' '1. e3 e6 2. Ke2 Ke7 3. Kd3 Kd6 *'
: >"$tmp/out"
"$PGNKIT" convert --dgt --follow --moves-live --until-idle 5 "$live" >"$tmp/out" 2>"$tmp/err" &
pid=$!
wait_for "$tmp/out" "${T}3...${T}Kd6"
put board 3 Two '*' '1. e3 e6 2. Ke2 Ke7 3. Kd3 Kd6 4. Kd4 *'
wait_for "$tmp/out" "${T}4.${T}Kd4"
put board 3 Two '*' '1. e3 e6 2. Ke2 Ke7 3. Kd3 Kd6 4. Kd4 Kd5 *'
wait "$pid"
pid=
id3="5${T}3${T}Two${T}Omega"
[ "$(lines "$tmp/out" "% takeback$T$id3${T}4.${T}Kd4")" = 1 ] || fail "--dgt: the signal's first king move not taken back"
[ "$(lines "$tmp/out" "% result$T$id3${T}1/2-1/2")" = 1 ] || fail "--dgt: the signal's draw not told"
grep -q 'Kd5' "$tmp/out" && fail "--dgt: the signal's second king move told or written"
grep -qF '3. Kd3 Kd6 1/2-1/2' "$tmp/out" || fail "--dgt: the game not written without the signal, drawn"
grep -q 'finished, 1/2-1/2 (the kings on the centre squares)' "$tmp/err" || fail "--dgt: no note: $(cat "$tmp/err")"
"$PGNKIT" validate --follow --until-idle 0.5 "$live" >/dev/null 2>"$tmp/err"
grep -q '1 game not finished' "$tmp/err" || fail "without --dgt the signal finished the game"
"$PGNKIT" validate --dgt --follow --until-idle 0.5 "$live" >/dev/null 2>"$tmp/err"
grep -q 'followed: 1 game, 0 corrected$' "$tmp/err" || fail "validate --dgt --follow: $(grep followed "$tmp/err")"

# 4. SIGINT in the middle of a game: the moves told so far, exit 130, a
# summary that says the game is not finished and how many moves were told.
put board 1 Alpha '*' '1. e4 e5 2. Qh5 *'
: >"$tmp/out"
"$PGNKIT" convert --follow --moves-live "$live" >"$tmp/out" 2>"$tmp/err" &
pid=$!
wait_for "$tmp/out" "${T}2.${T}Qh5"
kill -INT $pid
wait $pid
code=$?
pid=
[ $code = 130 ] || fail "SIGINT: exit $code, not 130"
grep -q 'followed: 0 games, 0 corrected; 1 game not finished (no result yet): not read; 3 moves told live, 0 taken back' \
    "$tmp/err" || fail "SIGINT: no honest summary: $(cat "$tmp/err")"
grep -q '^\[' "$tmp/out" && fail "SIGINT: the unfinished game was written"

# 5. The command line: --moves-live goes with --follow.
"$PGNKIT" convert --moves-live "$live" >/dev/null 2>"$tmp/err"
[ $? = 2 ] || fail "--moves-live without --follow: not a usage error"
grep -qF -- "--moves-live goes with --follow" "$tmp/err" || fail "no word: $(cat "$tmp/err")"

# 6. A second reader: pgn-extract skips the '%' lines of case 1's output too.
# Last, since without pgn-extract the script ends here as skipped.
[ $status = 0 ] || exit $status
. tests/scripts/pgn_extract.inc
"$pgn_extract" -s "$tmp/out1" >"$tmp/px" 2>&1
[ "$(grep -c '^\[White "Alpha"\]' "$tmp/px")" = 1 ] && ! grep -q '^%' "$tmp/px" ||
    fail "pgn-extract does not read convert's output as one game: $(head -3 "$tmp/px")"
exit $status
