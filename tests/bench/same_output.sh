#!/bin/sh
# same_output.sh - two builds of pgnkit give the same bytes on one file.
# SPDX-License-Identifier: MIT
#
# A change that must not change behaviour (issue 35: the reader's redesign)
# is checked here against a build from before it: validate --format json,
# convert, search and stats, at -j 1 and at -j 2, byte for byte, standard
# output and exit status. Exits 0 when every output is the same, 1 and the
# first differing lines when one is not, 3 when a build or the file is missing.
#   tests/bench/same_output.sh OLD_PGNKIT NEW_PGNKIT FILE.pgn
set -u
[ $# -eq 3 ] || { echo "usage: same_output.sh OLD_PGNKIT NEW_PGNKIT FILE.pgn" >&2; exit 2; }
old=$1 new=$2 file=$3
for f in "$old" "$new"; do
    [ -x "$f" ] || { echo "same_output: cannot run '$f'" >&2; exit 3; }
done
[ -r "$file" ] || { echo "same_output: cannot read '$file'" >&2; exit 3; }
tmp=$(mktemp -d) || exit 3
trap 'rm -rf "$tmp"' EXIT

status=0
# run NAME ARGS...: the subcommand on file with each build, compared.
run() {
    name=$1
    shift
    for j in 1 2; do
        "$old" "$@" -j $j "$file" > "$tmp/old" 2>/dev/null
        echo "exit $?" >> "$tmp/old"
        "$new" "$@" -j $j "$file" > "$tmp/new" 2>/dev/null
        echo "exit $?" >> "$tmp/new"
        if cmp -s "$tmp/old" "$tmp/new"; then
            echo "same: $name -j $j ($(wc -c < "$tmp/new") bytes)"
        else
            echo "DIFFERENT: $name -j $j"
            diff "$tmp/old" "$tmp/new" | head -5
            status=1
        fi
    done
}
run "validate --format json" validate --format json
run convert convert
run "search --white Adams" search --white Adams
run "search -c --white Adams" search -c --white Adams
run stats stats
exit $status
