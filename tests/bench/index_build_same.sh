#!/bin/sh
# index_build_same.sh - a change made for the build's speed must leave its database
# as it was: builds each FILE with two pgnkit binaries (OLD, e.g. main's, and NEW)
# and compares every table's rows, read back with sqlite3 in their stored order.
# Too slow for make test; run by hand beside an A/B timing:
#   sh tests/bench/index_build_same.sh OLD NEW [FILE...]   (default: /tmp/bench.pgn)
# Prints "same" or "DIFFERS" per table and file; exits 1 on a difference, 3 when a
# build fails.
[ $# -ge 2 ] || { echo "usage: index_build_same.sh OLD NEW [FILE...]" >&2; exit 2; }
old=$1
new=$2
shift 2
[ $# -gt 0 ] || set -- /tmp/bench.pgn
tmp=$(mktemp -d) || exit 3
trap 'rm -rf "$tmp"' EXIT
status=0
for file in "$@"; do
    "$old" index -q -j 2 "$file" -o "$tmp/old.pgnkit" &&
        "$new" index -q -j 2 "$file" -o "$tmp/new.pgnkit" || { echo "$file: a build failed"; exit 3; }
    # Every table, sqlite_stat1 (ANALYZE's figures) too.
    for table in $(sqlite3 "$tmp/old.pgnkit" "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"); do
        a=$(sqlite3 "$tmp/old.pgnkit" "SELECT * FROM $table" | md5sum)
        b=$(sqlite3 "$tmp/new.pgnkit" "SELECT * FROM $table" 2>&1 | md5sum)
        if [ "$a" = "$b" ]; then
            echo "same     $(basename "$file") $table"
        else
            echo "DIFFERS  $(basename "$file") $table"
            status=1
        fi
    done
    tables_old=$(sqlite3 "$tmp/old.pgnkit" "SELECT count(*) FROM sqlite_master")
    tables_new=$(sqlite3 "$tmp/new.pgnkit" "SELECT count(*) FROM sqlite_master")
    [ "$tables_old" = "$tables_new" ] || { echo "DIFFERS  $(basename "$file"): schema objects $tables_old, $tables_new"; status=1; }
done
exit $status
