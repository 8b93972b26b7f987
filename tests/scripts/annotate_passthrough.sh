#!/bin/sh
# annotate_passthrough.sh - with tag-only annotations, annotate copies each movetext
# as read and writes the same tags as the export-format path (--width): on every
# test file, both outputs normalised by convert are identical, and the copied
# movetext of the sample file is the input's, line for line.
set -u
root=${PGNKIT_ROOT:-.}
cd "$root" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tags="--eco --plycount --termination --final-fen --hash"
status=0
files=0
for f in testdata/*.pgn testdata/*/*.pgn; do
    files=$((files + 1))
    # shellcheck disable=SC2086
    "$PGNKIT" annotate -q -j 1 $tags "$f" >"$tmp/copied.pgn" 2>/dev/null
    # shellcheck disable=SC2086
    "$PGNKIT" annotate -q -j 1 $tags --width 80 "$f" >"$tmp/written.pgn" 2>/dev/null
    "$PGNKIT" convert -q --keep-invalid "$tmp/copied.pgn" >"$tmp/a" 2>/dev/null
    "$PGNKIT" convert -q --keep-invalid "$tmp/written.pgn" >"$tmp/b" 2>/dev/null
    if ! cmp -s "$tmp/a" "$tmp/b"; then
        echo "$f: copied and rewritten movetext read differently (< copied, > written):"
        diff "$tmp/a" "$tmp/b" | head -n 10
        status=1
    fi
done
[ "$files" -ge 60 ] || { echo "only $files test files"; status=1; }

# The sample's movetext lines come out as they went in (its tag lines aside).
"$PGNKIT" annotate -q --eco testdata/sample.pgn >"$tmp/sample.pgn" || true
grep -v '^\[' testdata/sample.pgn | grep -v '^$' >"$tmp/in"
grep -v '^\[' "$tmp/sample.pgn" | grep -v '^$' >"$tmp/out"
if ! cmp -s "$tmp/in" "$tmp/out"; then
    echo "testdata/sample.pgn: movetext changed (< input, > output):"
    diff "$tmp/in" "$tmp/out" | head -n 10
    status=1
fi
exit $status
