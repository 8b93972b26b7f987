#!/bin/sh
# reader_parts.sh - the streaming reader's state is in parts, each with one owner.
# SPDX-License-Identifier: MIT
#
# Issue 35: a function of lib/pgn/reader/ takes the part of the reader it
# needs, not the whole struct pgn_reader, and each part has one owner that
# alone changes what the others rely on. Checked here, part by part:
#   - the input window: struct reader_window (reader_internal.h), held by
#     struct pgn_reader as its member win. Only reader_window.c reads input
#     into it, grows, moves, swaps or resets it: no other file assigns its
#     buffer, input or bookkeeping fields (buf, own_buf, cap, cap_max, len,
#     base, eof, moved, in, read_size, io_status). The token readers only
#     move pos, line, lstart and safe forward. reader_window.c's functions
#     take the window, never the whole reader.
#   - the parse state of the game being read: struct parse, whose phase
#     (enum parse_phase) changes only in parse_enter(), which holds it to
#     the transition table written above the enum (forward only), and is
#     set back to PHASE_START only by reader_begin_game().
#   - the records the game is built of: struct reader_records, held as
#     rec. reader_record.c owns their life: only it sets up, empties or
#     frees their arena and vectors (arena_init/_reset/_release,
#     buf_init/_reset/_release).
#   - a function takes the whole reader only when it needs several parts:
#     one whose body reads the reader only through its window (r->win and
#     nothing else of r, and hands r to no other function) takes the
#     window, unless it is a public call (pgn_reader_*); and at most READER_TAKERS functions (the public calls, and
#     those that touch several parts) take struct pgn_reader * at all.
set -u
cd "${PGNKIT_ROOT:-.}" || exit 3
dir=lib/pgn/reader
status=0

# only_in OWNER REGEX WHAT: no file of the reader but OWNER has a line matching REGEX.
only_in() {
    for f in $dir/*.c; do
        [ "$f" = "$dir/$1" ] && continue
        if grep -nE "$2" "$f"; then
            echo "$f: $3: only $1 may"
            status=1
        fi
    done
}

if ! grep -q '^struct reader_window {' $dir/reader_internal.h; then
    echo "$dir/reader_internal.h: no struct reader_window (the input window as one part)"
    status=1
fi
if ! sed -n '/^struct pgn_reader {/,/^};/p' $dir/reader_internal.h |
        grep -q '^ *struct reader_window win;'; then
    echo "$dir/reader_internal.h: struct pgn_reader does not hold the window as 'struct reader_window win'"
    status=1
fi
if grep -n 'struct pgn_reader' $dir/reader_window.c; then
    echo "$dir/reader_window.c: the window's functions take struct reader_window, not the reader"
    status=1
fi
owned='buf|own_buf|cap|cap_max|len|base|eof|moved|in|read_size|io_status'
only_in reader_window.c "(win\.|w->)($owned)[[:space:]]*([-+|&]?=[^=]|\+\+|--)" \
    "changes the window's own fields"

if ! grep -q '^struct reader_records {' $dir/reader_internal.h ||
        ! sed -n '/^struct pgn_reader {/,/^};/p' $dir/reader_internal.h |
        grep -q '^ *struct reader_records rec;'; then
    echo "$dir/reader_internal.h: the records are not one part (struct reader_records rec)"
    status=1
fi
only_in reader_record.c '(arena|buf)_(init|reset|release)\(' \
    "sets up, empties or frees the records"

# The phase: assigned in parse_enter() and in reader_begin_game()'s reset, nowhere else.
bad=$(grep -nE '(->|\.)phase[[:space:]]*=[^=]' $dir/*.c $dir/*.h |
    grep -vE '^[^:]*reader_internal\.h:[0-9]+:    ps->phase = to;$' |
    grep -vE '^[^:]*reader_record\.c:[0-9]+:    ps->phase = PHASE_START;$')
if [ -n "$bad" ]; then
    echo "$bad"
    echo "$dir: the parse phase changes outside parse_enter() (reader_internal.h)"
    status=1
fi
# The functions that take the whole reader: a definition starts at a line's
# first column and ends at a line "}"; a signature naming "struct pgn_reader *r".
READER_TAKERS=81
takers=$(awk '
FNR == 1 { sig = ""; body = 0 }
!body && /^[A-Za-z].*\(/ { sig = $0; name = $0; sub(/\(.*/, "", name); sub(/.* \**/, "", name); next }
!body && sig != "" && /^ / { sig = sig " " $0; next }
!body && sig != "" && /^\{$/ {
    body = 1; takes = sig ~ /struct pgn_reader \*r[,)]/; only_win = 1; uses = 0; next
}
!body { sig = ""; next }
/^\}$/ {
    if (takes) {
        print "taker " FILENAME ":" name
        if (uses && only_win && name !~ /^pgn_reader_/) # the public calls take the reader
            print "window " FILENAME ":" name
    }
    body = 0; sig = ""; next
}
takes {
    line = $0
    gsub(/"([^"\\]|\\.)*"/, "", line)
    while (match(line, /r->[a-z_]+/)) {
        uses = 1
        if (substr(line, RSTART, RLENGTH) != "r->win")
            only_win = 0
        line = substr(line, RSTART + RLENGTH)
    }
    # r handed on ("f(r, ...)", "f(..., r)") or a macro that takes it
    if ($0 ~ /[(,] *r *[,)]/ || $0 ~ /(DIAG_AT|FAIL_AT)\(/)
        only_win = 0
}
' $dir/*.c $dir/*.h)
n=$(echo "$takers" | grep -c '^taker ')
if [ "$n" -gt $READER_TAKERS ]; then
    echo "$dir: $n functions take struct pgn_reader *, more than $READER_TAKERS: a function that"
    echo "needs one part (the window, the parse state, the records) takes that part"
    status=1
fi
echo "$takers" | sed -n 's/^window //p' | while read -r f; do
    echo "$f: reads only the window of the reader: take struct reader_window"
done | grep . && status=1
exit $status
