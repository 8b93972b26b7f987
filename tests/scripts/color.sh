#!/bin/sh
# color.sh - diagnostics are coloured on a terminal (script(1) gives one)
# unless NO_COLOR is set, TERM is dumb or --color never says so; never into a
# pipe unless --color always; the stats bars are ASCII outside UTF-8 locales.
set -u
. tests/scripts/need.inc
need script bsdutils
status=0
fail() { echo "FAIL: $*"; status=1; }
case $PGNKIT in /*) pgnkit=$PGNKIT ;; *) pgnkit=$PWD/$PGNKIT ;; esac
bad=$PWD/testdata/broken/illegal-castling-through-check.pgn
esc=$(printf '\033')
tty() { script -qc "$*" /dev/null </dev/null; }
coloured() { grep -q "$esc\\[1;31merror:" ; }

export TERM=xterm
unset NO_COLOR
tty "$pgnkit validate $bad" | coloured || fail "no colour on a terminal"
tty "$pgnkit search --whte x $bad" | coloured || fail "error() not coloured on a terminal"
tty "NO_COLOR=1 $pgnkit validate $bad" | coloured && fail "NO_COLOR=1 still coloured"
tty "NO_COLOR= $pgnkit validate $bad" | coloured || fail "an empty NO_COLOR turned colour off"
tty "NO_COLOR=1 $pgnkit validate --color always $bad" | coloured || fail "--color always lost to NO_COLOR"
tty "TERM=dumb $pgnkit validate $bad" | coloured && fail "TERM=dumb still coloured"
tty "$pgnkit validate --color never $bad" | coloured && fail "--color never still coloured"
tty "$pgnkit --color never validate $bad" | coloured && fail "global --color never still coloured"
tty "$pgnkit validate --format json $bad" | grep -q "$esc" && fail "JSON diagnostics coloured"
"$pgnkit" validate "$bad" 2>&1 | grep -q "$esc" && fail "coloured into a pipe"
"$pgnkit" search --whte x "$bad" 2>&1 | grep -q "$esc" && fail "error() coloured into a pipe"

# The share bars: blocks in a UTF-8 locale, '#' elsewhere.
sample=$PWD/testdata/sample.pgn
tty "LC_ALL=C.UTF-8 $pgnkit stats $sample" | grep -q '█' || fail "no block bars in C.UTF-8"
tty "LC_ALL= LC_CTYPE= LANG=en_US.utf8 $pgnkit stats $sample" | grep -q '█' || fail "no block bars with LANG=en_US.utf8"
out=$(tty "LC_ALL=C $pgnkit stats $sample")
echo "$out" | grep -q '█' && fail "block bars in the C locale"
echo "$out" | grep -q ' ##*.$' || fail "no ASCII bars in the C locale"
exit $status
