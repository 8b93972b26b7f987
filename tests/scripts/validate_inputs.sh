#!/bin/sh
# validate_inputs.sh - the same games give the same diagnostics whatever the
# packaging: plain file, gzip, concatenated gzip members, standard input, CRLF
# line ends, a UTF-8 byte order mark.
set -u
. tests/scripts/need.inc
need gzip
need zstd
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
src=$tmp/all.pgn
cat testdata/sample.pgn testdata/broken/*.pgn >"$src"
status=0

# Diagnostics without the file name prefix (it differs by design), plus the summary.
run() {
    "$PGNKIT" validate "$@" 2>&1 | sed 's/^[^:]*:\([0-9]*:[0-9]*:\)/\1/'
}
expect=$(run "$src")
check() {
    name=$1; shift
    got=$(run "$@")
    if [ "$got" != "$expect" ]; then
        echo "$name differs from the plain file:"
        printf '%s\n' "$expect" >"$tmp/e"; printf '%s\n' "$got" >"$tmp/g"
        diff "$tmp/e" "$tmp/g" | head -n 10
        status=1
    fi
}
gzip -c "$src" >"$tmp/all.pgn.gz"
check gzip "$tmp/all.pgn.gz"
# Two gzip members in one file (what `cat a.gz b.gz` makes).
head -c 40000 "$src" >"$tmp/part1"; tail -c +40001 "$src" >"$tmp/part2"
gzip -c "$tmp/part1" >"$tmp/multi.gz"; gzip -c "$tmp/part2" >>"$tmp/multi.gz"
check "concatenated gzip members" "$tmp/multi.gz"
check stdin - <"$src"
check "stdin (no file)" <"$src"
check "gzip on stdin" - <"$tmp/all.pgn.gz"
# gzip detected by content, not by name.
cp "$tmp/all.pgn.gz" "$tmp/renamed.pgn"
check "gzip named .pgn" "$tmp/renamed.pgn"
zstd -q -c "$src" >"$tmp/all.pgn.zst"
check zstd "$tmp/all.pgn.zst"
# Two zstd frames in one file, and zstd on standard input.
zstd -q -c "$tmp/part1" >"$tmp/multi.zst"; zstd -q -c "$tmp/part2" >>"$tmp/multi.zst"
check "concatenated zstd frames" "$tmp/multi.zst"
check "zstd on stdin" - <"$tmp/all.pgn.zst"
# Truncated compressed input: every complete game before the damage is still
# reported, then an I/O error (exit 3). (zstd emits nothing of a block before
# its end, and blocks hold up to 128 KiB: the input must span several.)
cat testdata/corpus/*.pgn >"$tmp/big.pgn"
gzip -c "$tmp/big.pgn" >"$tmp/big.gz"; zstd -q -c "$tmp/big.pgn" >"$tmp/big.zst"
for z in gz zst; do
    f=$tmp/big.$z
    size=$(wc -c <"$f")
    head -c $((size / 2)) "$f" >"$tmp/cut.$z"
    "$PGNKIT" validate -w "$tmp/cut.$z" >"$tmp/cut.out" 2>"$tmp/cut.err"
    code=$?
    games=$(sed -n 's/^\([0-9]*\) games.*/\1/p' "$tmp/cut.err")
    if [ $code != 3 ] || [ "${games:-0}" -lt 20 ] || ! grep -q "truncated" "$tmp/cut.err"; then
        echo "truncated .$z: exit $code, $games games"; cat "$tmp/cut.err"; status=1
    fi
done
sed 's/$/\r/' "$src" >"$tmp/crlf.pgn"
check CRLF "$tmp/crlf.pgn"
printf '\357\273\277' | cat - "$src" >"$tmp/bom.pgn"
check BOM "$tmp/bom.pgn"
# The bundled gzip sample equals the plain sample.
a=$(run testdata/sample.pgn); b=$(run testdata/sample.pgn.gz)
[ "$a" = "$b" ] || { echo "testdata/sample.pgn.gz differs from testdata/sample.pgn"; status=1; }
# A missing file is an I/O error (exit 3) and the other files are still read.
"$PGNKIT" validate -q /nonexistent.pgn testdata/sample.pgn 2>/dev/null
code=$?
[ $code = 3 ] || { echo "missing file: exit $code, expected 3"; status=1; }
exit $status
