#!/bin/sh
# jobs_identical.sh - output with several threads is byte-identical to one thread:
# diagnostics (text and JSON), summary, exit status, --good/--bad files, --max-errors.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat testdata/broken/*.pgn testdata/corpus/*.pgn testdata/sample.pgn >"$tmp/mix.pgn"
status=0
run() {
    j=$1; shift
    "$PGNKIT" validate -j "$j" --good "$tmp/good$j" --bad "$tmp/bad$j" "$@" >"$tmp/out$j" 2>&1
    echo "exit $?" >>"$tmp/out$j"
    "$PGNKIT" validate -j "$j" --format json --max-errors 25 -v "$@" >"$tmp/json$j" 2>&1
    echo "exit $?" >>"$tmp/json$j"
}
run 1 "$tmp/mix.pgn" testdata/broken/fen-invalid.pgn testdata/sample.pgn.gz
for j in 2 3 7; do
    run $j "$tmp/mix.pgn" testdata/broken/fen-invalid.pgn testdata/sample.pgn.gz
    for f in out good bad json; do
        if ! cmp -s "$tmp/${f}1" "$tmp/$f$j"; then
            echo "-j $j: $f differs from -j 1"; diff "$tmp/${f}1" "$tmp/$f$j" | head -5; status=1
        fi
    done
done
# A truncated gzip input: the games before the damage, then the error, in the same order.
head -c 30000 testdata/sample.pgn.gz >"$tmp/cut.gz"
"$PGNKIT" validate -j 1 "$tmp/cut.gz" testdata/sample.pgn >"$tmp/cut1" 2>&1
"$PGNKIT" validate -j 3 "$tmp/cut.gz" testdata/sample.pgn >"$tmp/cut3" 2>&1
cmp -s "$tmp/cut1" "$tmp/cut3" || { echo "truncated input: -j 3 differs"; status=1; }
# A closed pipe ends quietly with status 0 (the input is large enough that
# the reader of the pipe leaves long before the end).
for i in 1 2 3 4 5 6 7 8 9 10; do cat "$tmp/mix.pgn"; done >"$tmp/big.pgn"
for j in 1 2; do
    { "$PGNKIT" validate -j $j "$tmp/big.pgn" 2>"$tmp/err"; echo $? >"$tmp/code"; } | head -n 1 >/dev/null
    if [ "$(cat "$tmp/code")" != 0 ] || [ -s "$tmp/err" ]; then
        echo "closed pipe, -j $j: exit $(cat "$tmp/code")"; cat "$tmp/err"; status=1
    fi
done
exit $status
