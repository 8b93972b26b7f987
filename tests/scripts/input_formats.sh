#!/bin/sh
# input_formats.sh - the sample database in every encoding and packing pgnkit reads
# gives the same games as the plain file: the same validate diagnostics and summary
# (file names aside) and byte-identical convert output.
set -u
. tests/scripts/need.inc
need zip
need zstd
need bzip2
need xz xz-utils
need tar
need gzip
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
src=testdata/sample.pgn
status=0

# Diagnostics without the file name (it differs by design), and the summary.
run_validate() {
    "$PGNKIT" validate "$@" 2>&1 | sed 's/^[^ ]*:\([0-9]*:[0-9]*:\)/\1/'
}
want_validate=$(run_validate "$src")
"$PGNKIT" convert "$src" >"$tmp/want.convert" 2>/dev/null

# check NAME FILE: FILE reads as the sample does.
check() {
    got=$(run_validate "$2")
    if [ "$got" != "$want_validate" ]; then
        echo "FAIL $1: validate differs from the plain file:"
        printf '%s\n' "$want_validate" >"$tmp/e"; printf '%s\n' "$got" >"$tmp/g"
        diff "$tmp/e" "$tmp/g" | head -n 10
        status=1
    fi
    "$PGNKIT" convert "$2" >"$tmp/got.convert" 2>/dev/null
    if ! cmp -s "$tmp/want.convert" "$tmp/got.convert"; then
        echo "FAIL $1: convert output differs from the plain file's"
        status=1
    fi
}

# Encodings: UTF-16 in both byte orders with a BOM (transcoded as it is read, across
# many read blocks: the sample is 85 KB, 170 KB in UTF-16), also inside gzip.
{ printf '\377\376'; iconv -f UTF-8 -t UTF-16LE "$src"; } >"$tmp/utf16le.pgn"
{ printf '\376\377'; iconv -f UTF-8 -t UTF-16BE "$src"; } >"$tmp/utf16be.pgn"
gzip -c "$tmp/utf16le.pgn" >"$tmp/utf16le.pgn.gz"
check "UTF-16LE" "$tmp/utf16le.pgn"
check "UTF-16BE" "$tmp/utf16be.pgn"
check "UTF-16LE in gzip" "$tmp/utf16le.pgn.gz"
cat "$tmp/utf16be.pgn" >"$tmp/fifo.in"; check "UTF-16BE on standard input" /dev/stdin <"$tmp/fifo.in"

# Archives and compressors: each way of packing the sample reads the same games.
cp "$src" "$tmp/sample.pgn"
(cd "$tmp" && zip -q -X sample.zip sample.pgn && tar cf sample.tar sample.pgn &&
    tar czf sample.tar.gz sample.pgn && zstd -q -c sample.tar >sample.tar.zst &&
    bzip2 -k sample.pgn && xz -k sample.pgn && gzip -k sample.pgn && zstd -q sample.pgn) ||
    { echo "FAIL cannot make the archives"; exit 1; }
for f in sample.zip sample.tar sample.tar.gz sample.tar.zst sample.pgn.bz2 sample.pgn.xz \
         sample.pgn.gz sample.pgn.zst; do
    check "$f" "$tmp/$f"
done
check "7z (testdata/formats/sample.pgn.7z)" testdata/formats/sample.pgn.7z
check "zip on standard input" /dev/stdin <"$tmp/sample.zip"
check "bzip2 on standard input" /dev/stdin <"$tmp/sample.pgn.bz2"
# Member names in diagnostics: ARCHIVE:MEMBER:LINE:COL.
name=$("$PGNKIT" validate "$tmp/sample.zip" 2>&1 | sed -n '1s/:[0-9]*:[0-9]*: .*//p')
[ "$name" = "$tmp/sample.zip:sample.pgn" ] || { echo "FAIL zip member name: '$name'"; status=1; }

# Damaged archives: one clear error naming the damage, exit 3, no crash; the next
# input is still read.
for f in sample.zip sample.tar sample.tar.gz sample.pgn.bz2 sample.pgn.xz; do
    size=$(wc -c <"$tmp/$f")
    head -c $((size / 2)) "$tmp/$f" >"$tmp/cut-$f"
    "$PGNKIT" validate -w "$tmp/cut-$f" testdata/formats/one-game.pgn >"$tmp/cut.out" 2>"$tmp/cut.err"
    code=$?
    errors=$(grep -c 'error:' "$tmp/cut.err")
    if [ $code != 3 ] || [ "$errors" != 1 ] || ! grep -q 'damaged\|truncated' "$tmp/cut.err" ||
       ! grep -q '^1 game: 1 valid' "$tmp/cut.err"; then
        echo "FAIL truncated $f: exit $code"; cat "$tmp/cut.err"; status=1
    fi
done
exit $status
