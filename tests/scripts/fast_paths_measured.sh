#!/bin/sh
# fast_paths_measured.sh - every fast path of the reader says what it saves.
# SPDX-License-Identifier: MIT
#
# Issue 35: a fast path kept beside the general parser must be paid for by
# a measurement, so the FAST PATHS table in lib/pgn/reader/reader_internal.h
# gives, for each of its entries, a line
#     measured: +X% instructions of validate -j 1 without it, DATE
# (a signed percentage; the date as YYYY-MM-DD). An entry is a line of the
# table that starts with " *   " and a name; the lines under it start with
# more blanks. This fails on an entry without such a line, and on a table
# with no entry at all (the table was moved or renamed: look again).
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
    entry = $0; sub(/^ \*   /, "", entry); where = FNR; measured = 0; entries++
    next
}
/measured: [+-][0-9]+(\.[0-9]+)?% instructions of validate -j 1 without it, [0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]/ {
    measured = 1
}
function check() {
    if (entry != "" && !measured) {
        print FILENAME ":" where ": fast path without a measured figure: " entry
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
