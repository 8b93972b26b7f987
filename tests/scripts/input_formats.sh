#!/bin/sh
# input_formats.sh - the sample database in every encoding and packing pgnkit reads
# gives the same games as the plain file: the same validate diagnostics and summary
# (file names aside) and byte-identical convert output.
set -u
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
exit $status
