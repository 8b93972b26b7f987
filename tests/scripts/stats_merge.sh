#!/bin/sh
# stats_merge.sh - stats --merge of the JSON aggregates of shards equals one run on
# the whole input, for every report and format; the thread count changes nothing.
set -u
root=${PGNKIT_ROOT:-.}
cd "$root" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
whole="$tmp/whole.pgn"
cat testdata/sample.pgn testdata/stats/small.pgn testdata/stats/najdorf.pgn testdata/stats/clocks.pgn >"$whole"
# Three shards, games dealt round-robin at [Event lines.
awk -v dir="$tmp" '/^\[Event /{n++} {print > (dir "/part" (n % 3) ".pgn")}' "$whole"
for report in "" --openings --players --clock "--tree" "--tree --depth 3" "--tree --moves 1.e4 --depth 2"; do
    # shellcheck disable=SC2086
    "$PGNKIT" stats $report --format json "$whole" >"$tmp/one.json" || status=1
    # shellcheck disable=SC2086
    "$PGNKIT" stats $report --format json -j1 "$whole" >"$tmp/one-j1.json" || status=1
    if ! cmp -s "$tmp/one.json" "$tmp/one-j1.json"; then
        echo "stats $report: -j1 and the default differ"; status=1
    fi
    for i in 0 1 2; do
        # shellcheck disable=SC2086
        "$PGNKIT" stats $report --format json "$tmp/part$i.pgn" >"$tmp/p$i.json" || status=1
    done
    for fmt in json text csv tsv; do
        # shellcheck disable=SC2086
        "$PGNKIT" stats $report --format $fmt "$whole" >"$tmp/one.$fmt"
        "$PGNKIT" stats --merge --format $fmt "$tmp/p0.json" "$tmp/p1.json" "$tmp/p2.json" >"$tmp/merged.$fmt"
        if ! cmp -s "$tmp/one.$fmt" "$tmp/merged.$fmt"; then
            echo "stats $report --format $fmt: merge of 3 shards differs from one run:"
            diff "$tmp/one.$fmt" "$tmp/merged.$fmt" | head -10
            status=1
        fi
    done
done
# Shards of different reports do not merge.
"$PGNKIT" stats --format json "$tmp/part0.pgn" >"$tmp/a.json"
"$PGNKIT" stats --openings --format json "$tmp/part1.pgn" >"$tmp/b.json"
if "$PGNKIT" stats --merge "$tmp/a.json" "$tmp/b.json" >/dev/null 2>&1; then
    echo "stats --merge accepted a summary and an openings aggregate together"; status=1
fi
exit $status
