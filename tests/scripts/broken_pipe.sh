#!/bin/sh
# broken_pipe.sh - a reader that closes standard output early (head) is no
# error: no message, and the exit status still tells what was found; validate
# goes on to the end, for its --good/--bad files and its status.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
fail() { echo "FAIL: $*"; status=1; }
bad=testdata/broken/illegal-castling-blocked.pgn
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do cat testdata/sample.pgn; done >"$tmp/16.pgn"
for i in 1 2 3 4; do cat "$tmp/16.pgn"; done >"$tmp/64.pgn" # 5.6 MB, 2496 games
cat "$bad" "$tmp/64.pgn" >"$tmp/bad-first.pgn"
# 100 KB of warnings first: more than a pipe holds. $bad has one valid game too.
cat "$tmp/64.pgn" "$tmp/64.pgn" "$bad" >"$tmp/bad-last.pgn"

# piped WANT CMD...: runs CMD into head -c 10, expects exit status WANT and
# no complaint about the pipe on standard error.
piped() {
    want=$1
    shift
    { "$PGNKIT" "$@" 2>"$tmp/err"; echo $? >"$tmp/code"; } | head -c 10 >/dev/null
    code=$(cat "$tmp/code")
    [ "$code" = "$want" ] || fail "$* | head: exit $code, not $want"
    if grep -qi 'pipe\|cannot write' "$tmp/err"; then
        fail "$* | head: $(grep -i 'pipe\|cannot write' "$tmp/err" | head -n 1)"
    fi
}
piped 1 annotate --plycount -j 1 "$tmp/bad-first.pgn"
piped 1 annotate --plycount "$tmp/bad-first.pgn"
piped 1 convert "$tmp/bad-first.pgn"
piped 0 search "$tmp/bad-first.pgn"
piped 1 validate -j 1 "$tmp/bad-last.pgn"
piped 1 validate --good "$tmp/good.pgn" "$tmp/bad-last.pgn"
n=$(grep -c '^\[Event ' "$tmp/good.pgn")
[ "$n" = 4993 ] || fail "validate | head: --good holds $n games, not 4993"
piped 1 validate --bad - "$tmp/bad-last.pgn"
exit $status
