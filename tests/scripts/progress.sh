#!/bin/sh
# progress.sh - the progress line (cmd/cli/progress.c): on a terminal's stderr,
# every game-reading command shows games, MB and MB/s, plus the percent and
# the time left when the input's size is known (compressed input too); the
# line is erased before the summary, and never written with -q or when
# stderr is not a terminal. The terminal is script(1)'s pseudo-terminal;
# each run is held up for 1.5 s (a pipe that pauses, or a reader of the
# output that starts late), since nothing is drawn in the first second.
set -u
. tests/scripts/need.inc
need gzip
need script bsdutils
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
fail() { echo "FAIL: $*"; status=1; }
for i in 1 2 3 4 5 6 7 8 9 10; do cat testdata/sample.pgn; done >"$tmp/10.pgn"
cat "$tmp/10.pgn" "$tmp/10.pgn" "$tmp/10.pgn" "$tmp/10.pgn" >"$tmp/big.pgn" # 3.5 MB
gzip -c "$tmp/big.pgn" >"$tmp/big.pgn.gz"
esc=$(printf '\033')
cr=$(printf '\r')

# tty OUT CMD: runs the shell command CMD with stdin, stdout and stderr on a
# pseudo-terminal (CMD redirects what it needs); what the terminal got into OUT.
tty() {
    out=$1
    shift
    script -qfc "$*" /dev/null </dev/null >"$out" 2>&1
}
late_reader='{ sleep 1.5; cat >/dev/null; }'
pausing="{ cat '$tmp/big.pgn'; sleep 1.5; cat '$tmp/10.pgn'; }"

# drawn NAME OUT PERCENT: OUT shows the line (with percent and time left
# when PERCENT is 1, without when 0), erased just before the summary.
drawn() {
    name=$1 out=$2 percent=$3
    grep -q "games, [0-9.]* MB, [0-9.]* MB/s" "$out" || fail "$name: no progress line"
    if [ "$percent" = 1 ]; then
        grep -q "MB/s, [0-9]*%, [0-9:]* left" "$out" || fail "$name: no percent and time left"
    elif grep -q "MB/s, [0-9]*%" "$out"; then
        fail "$name: a percent for an input of unknown size"
    fi
    # The line is erased last, before the summary: after the last erasing
    # nothing is drawn again.
    grep -q "$cr$esc\[K" "$out" || fail "$name: the line is never erased"
    tr -d '\n' <"$out" | sed "s/.*$cr$esc\[K//" | grep -q "MB/s" &&
        fail "$name: the line is drawn after its last erasing"
}

tty "$tmp/t" "'$PGNKIT' convert '$tmp/big.pgn' | $late_reader"
drawn "convert FILE" "$tmp/t" 1
tty "$tmp/t" "'$PGNKIT' convert '$tmp/big.pgn.gz' | $late_reader"
drawn "convert FILE.gz" "$tmp/t" 1
tty "$tmp/t" "'$PGNKIT' convert -j 1 '$tmp/big.pgn' | $late_reader"
drawn "convert -j 1 FILE" "$tmp/t" 1
tty "$tmp/t" "$pausing | '$PGNKIT' validate"
drawn "validate on a pipe" "$tmp/t" 0
tty "$tmp/t" "$pausing | '$PGNKIT' search -c --white Carlsen"
drawn "search on a pipe" "$tmp/t" 0
tty "$tmp/t" "$pausing | '$PGNKIT' annotate --plycount >/dev/null"
drawn "annotate on a pipe" "$tmp/t" 0
tty "$tmp/t" "$pausing | '$PGNKIT' stats >/dev/null; echo done >&2"
drawn "stats on a pipe" "$tmp/t" 0

# Never with -q, never when stderr is not a terminal.
tty "$tmp/t" "'$PGNKIT' convert -q '$tmp/big.pgn' | $late_reader"
grep -q "$esc" "$tmp/t" && fail "convert -q: a progress line"
tty "$tmp/t" "$pausing | '$PGNKIT' validate -q"
grep -q "$esc" "$tmp/t" && fail "validate -q: a progress line"
tty "$tmp/t" "'$PGNKIT' convert '$tmp/big.pgn' 2>'$tmp/err' | $late_reader"
grep -q "$esc" "$tmp/err" && fail "stderr to a file: a progress line"
grep -q "$cr" "$tmp/err" && fail "stderr to a file: a carriage return"
grep -q "games: 1560 converted" "$tmp/err" || fail "stderr to a file: no summary"
exit $status
