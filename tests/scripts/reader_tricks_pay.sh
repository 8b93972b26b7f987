#!/bin/sh
# reader_tricks_pay.sh - a speed trick in the reader stays only while it pays.
# SPDX-License-Identifier: MIT
#
# Issue 35: a speed trick in the reader's inner loops carries a one-line
# comment with its measurement,
#     measured: +X% instructions of validate -j 1 without it, DATE
# and a trick whose figure shows it saves less than 1% of validate -j 1
# (or costs) makes the code harder to follow for nothing: it goes, and the
# plain code takes its place. This fails on such a comment in the reader
# (lib/pgn/reader/, lib/pgn/pgn_lex.[ch], lib/base/utf8.c). The FAST PATHS
# table in reader_internal.h is held to its own, higher bar (5%) by
# fast_paths_measured.sh and is skipped here.
set -u
cd "${PGNKIT_ROOT:-.}" || exit 3
min=1

awk -v min="$min" '
FNR == 1 { in_table = 0 }
/^ \* FAST PATHS\./ { in_table = 1 }
in_table && /\*\/[ \t]*$/ { in_table = 0; next }
in_table { next }
match($0, /measured: [+-]?[0-9]+(\.[0-9]+)?% instructions of validate -j 1 without it/) {
    fig = substr($0, RSTART + 10)
    sub(/%.*/, "", fig)
    if (fig + 0 < min) {
        print FILENAME ":" FNR ": a trick that saves " fig "% (under " min "%): replace it with plain code"
        bad = 1
    }
}
END { exit bad }
' lib/pgn/reader/*.c lib/pgn/reader/*.h lib/pgn/pgn_lex.c lib/pgn/pgn_lex.h lib/base/utf8.c
