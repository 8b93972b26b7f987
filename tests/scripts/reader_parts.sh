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
only_in reader_window.c "win\.($owned)[[:space:]]*([-+|&]?=[^=]|\+\+|--)" \
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
exit $status
