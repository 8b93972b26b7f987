#!/bin/sh
# fast_paths_measured.sh - every fast path of the reader says what it saves, and pays.
# SPDX-License-Identifier: MIT
#
# Issue 35: a fast path kept beside the general parser must be paid for by
# a measurement where it runs, or be built from the general path's own
# body. So the FAST PATHS table in lib/pgn/reader/reader_internal.h gives,
# for each of its entries, one or more lines
#     measured: +X% instructions of WORKLOAD without it, DATE
# (a signed percentage; WORKLOAD the command measured, "validate -j 1" or
# where the path runs, "search -c for White Adams -j 1"; the date as
# YYYY-MM-DD), and either one such figure of at least +5% or a line
#     one body: how the fast path and its general path are one body
# An entry is a line of the table that starts with " *   " and a name; the
# lines under it start with more blanks. This fails on an entry without a
# figure, on one under the bar that is not one body, and on a table with
# no entry at all (the table was moved or renamed: look again).
set -u
cd "${PGNKIT_ROOT:-.}" || exit 3
header=lib/pgn/reader/reader_internal.h
[ -r "$header" ] || { echo "fast_paths_measured: cannot read '$header'" >&2; exit 3; }

awk '
/^ \* FAST PATHS\./ { in_table = 1; next }
in_table && /^ \*\/$/ { in_table = 0 }
!in_table { next }
# An entry: three blanks after the star, then text.
/^ \*   [^ ]/ {
    check()
    entry = $0; sub(/^ \*   /, "", entry); where = FNR; measured = 0; pays = 0; one_body = 0
    entries++
    next
}
/measured: [+-][0-9]+(\.[0-9]+)?% instructions of [^,]+ without it, [0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]/ {
    measured = 1
    figure = $0; sub(/.*measured: /, "", figure); sub(/%.*/, "", figure)
    if (figure + 0 >= 5)
        pays = 1
}
/^ \*     one body: [^ ]/ { one_body = 1 }
function check() {
    if (entry != "" && !measured) {
        print FILENAME ":" where ": fast path without a measured figure: " entry
        bad = 1
    } else if (entry != "" && !pays && !one_body) {
        print FILENAME ":" where ": fast path under the 5% bar and not one body with its general path: " entry
        bad = 1
    }
    entry = ""
}
END {
    check()
    if (!entries) {
        print FILENAME ": no FAST PATHS table entries found"
        bad = 1
    }
    exit bad
}
' "$header"
