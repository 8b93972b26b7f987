#!/bin/sh
# follow.sh - --follow reads a PGN file while a writer (a broadcast, a DGT
# board feed) is still adding to it: every game is reported exactly once
# when it is finished, a game corrected in place once more with the move
# that changed, a replaced or rewritten file is read again without
# repeating its games, and SIGINT leaves only finished games in convert's
# output with a summary that says the last game was not finished. The
# expected counts are by hand from testdata/follow (two games, one
# correction); the only timing is generous: pauses of 0.2 s between pieces.
set -u
root=${PGNKIT_ROOT:-.}
cd "$root" || exit 1
in=testdata/follow
tmp=$(mktemp -d)
writer=
trap '[ -n "$writer" ] && kill $writer 2>/dev/null; rm -rf "$tmp"' EXIT
status=0
fail() { echo "FAIL: $*"; status=1; }
# count FILE TEXT: the lines of FILE holding TEXT (fixed string).
count() { grep -cF -- "$2" "$1"; }

live=$tmp/live.pgn
: >"$live"
# The broadcast: game 1, game 2 in two pieces, then game 1 corrected by
# rewriting the file in place (truncated, written again), then the file
# replaced by an identical one (a rename), which must report nothing new.
(
    sleep 0.2; cat $in/game1.pgn >>"$live"
    sleep 0.2; cat $in/game2-start.part >>"$live"
    sleep 0.2; cat $in/game2-end.part >>"$live"
    sleep 0.2; sed 's/4\. Qxf7#/4. Bxf7+/' "$live" >"$tmp/fixed"; cat "$tmp/fixed" >"$live"
    sleep 0.2; cp "$live" "$tmp/copy"; mv "$tmp/copy" "$live"
) &
writer=$!
timeout 60 "$PGNKIT" validate --follow --until-idle 2 "$live" >"$tmp/out" 2>"$tmp/err"
code=$?
wait $writer
writer=
[ $code = 0 ] || fail "validate --follow: exit $code, not 0 (the games are valid)"
cat "$tmp/out" "$tmp/err" >"$tmp/all"
[ "$(count "$tmp/err" 'game 1 (Alpha - Beta): finished, 1-0')" = 1 ] ||
    fail "game 1 not reported exactly once as finished"
[ "$(count "$tmp/err" 'game 2 (Gamma - Delta): finished, 1/2-1/2')" = 1 ] ||
    fail "game 2 not reported exactly once as finished"
[ "$(count "$tmp/err" "game 1 (Alpha - Beta): corrected at move 4. 'Bxf7+' (was 'Qxf7#')")" = 1 ] ||
    fail "the correction of game 1 not reported exactly once, with its move"
[ "$(count "$tmp/err" 'game 2 (Gamma - Delta): corrected')" = 0 ] ||
    fail "game 2, unchanged, reported as corrected"
[ "$(count "$tmp/err" 'followed: 2 games, 1 corrected')" = 1 ] || fail "no follow summary of 2 games, 1 corrected"
grep -q 'repeats game' "$tmp/all" && fail "a game read again is called a repeat of itself"
grep -q 'not finished' "$tmp/err" && fail "the file ends with a finished game, yet one is said unfinished"
# Three versions read (game 1 twice): validate's own count.
grep -q '^3 games: 3 valid, 0 invalid' "$tmp/err" || fail "validate's summary: $(tail -1 "$tmp/err")"
[ -s "$tmp/out" ] && fail "valid games gave diagnostics: $(head -3 "$tmp/out")"

# search --follow prints the matching game once, when it is finished.
: >"$live"
(
    sleep 0.2; cat $in/game1.pgn $in/game2-start.part >>"$live"
    sleep 0.2; cat $in/game2-end.part >>"$live"
    sleep 0.2; touch "$live"
) &
writer=$!
timeout 60 "$PGNKIT" search --follow --until-idle 2 --white Gamma "$live" >"$tmp/found" 2>"$tmp/err"
code=$?
wait $writer
writer=
[ $code = 0 ] || fail "search --follow: exit $code"
[ "$(count "$tmp/found" '[White "Gamma"]')" = 1 ] || fail "search --follow: game 2 not printed once"
grep -q Alpha "$tmp/found" && fail "search --follow printed a game that does not match"
grep -qF '3. Nc3 Nf6 1/2-1/2' "$tmp/found" || fail "search --follow: game 2 printed before it was finished"

# SIGINT while game 2 is still being played: convert's output holds game 1
# only, the summary says game 2 was not finished, the status says interrupted.
cat $in/game1.pgn $in/game2-start.part >"$live"
"$PGNKIT" convert --follow "$live" >"$tmp/conv" 2>"$tmp/err" &
pid=$!
n=0
while ! grep -q 'Qxf7#' "$tmp/conv" 2>/dev/null && [ $n -lt 400 ]; do sleep 0.05; n=$((n + 1)); done
[ $n -lt 400 ] || fail "convert --follow: game 1 not written while the file was followed"
kill -INT $pid
wait $pid
code=$?
[ $code = 130 ] || fail "convert --follow: exit $code after SIGINT, not 130"
[ "$(count "$tmp/conv" '[White "Alpha"]')" = 1 ] || fail "convert --follow: game 1 not written once"
grep -q Gamma "$tmp/conv" && fail "convert --follow wrote the unfinished game 2"
grep -q 'followed: 1 game, 0 corrected; 1 game not finished (no result yet): not read' "$tmp/err" ||
    fail "convert --follow: no honest summary: $(cat "$tmp/err")"
grep -q 'interrupted' "$tmp/err" || fail "convert --follow: no word of the interrupt"

# A broadcast of two boards: '*' marks the game still being played, even
# with another game after it; it is read once, when its result comes.
board() { # WHITE RESULT-TOKEN
    printf '[Event "Live Open"]\n[Site "Board"]\n[Date "2026.12.06"]\n[Round "2"]\n'
    printf '[White "%s"]\n[Black "Omega"]\n[Result "%s"]\n\n1. e4 e5 %s\n\n' "$1" "$2" "$2"
}
{ board Playing '*'; board Done 1-0; } >"$live"
(
    sleep 0.3; { board Playing '*'; board Done 1-0; } >"$tmp/two"; mv "$tmp/two" "$live"
    sleep 0.3; { board Playing 0-1; board Done 1-0; } >"$tmp/two"; mv "$tmp/two" "$live"
) &
writer=$!
timeout 60 "$PGNKIT" validate --follow --until-idle 2 "$live" >"$tmp/out" 2>"$tmp/err"
wait $writer
writer=
[ "$(count "$tmp/err" 'game 2 (Done - Omega): finished, 1-0')" = 1 ] ||
    fail "the finished game after a game in play not read once"
[ "$(count "$tmp/err" 'game 1 (Playing - Omega): finished, 0-1')" = 1 ] ||
    fail "the game in play ('*') not read once, when its result came"
grep -q 'Playing - Omega): corrected' "$tmp/err" && fail "a game in play was read before its result"
grep -q 'followed: 2 games, 0 corrected$' "$tmp/err" || fail "two boards: $(grep followed "$tmp/err")"

# The command line: one file, not standard input; --until-idle needs --follow.
"$PGNKIT" validate --follow <"$live" >/dev/null 2>"$tmp/err"
[ $? = 2 ] || fail "validate --follow on standard input: not a usage error"
grep -q "reads one file, not standard input" "$tmp/err" || fail "no word on --follow with standard input"
"$PGNKIT" validate --follow "$live" "$live" >/dev/null 2>&1
[ $? = 2 ] || fail "validate --follow with two files: not a usage error"
"$PGNKIT" convert --until-idle 1 "$live" >/dev/null 2>&1
[ $? = 2 ] || fail "--until-idle without --follow: not a usage error"
"$PGNKIT" search --follow --until-idle soon "$live" >/dev/null 2>&1
[ $? = 2 ] || fail "--until-idle soon: not a usage error"
exit $status
