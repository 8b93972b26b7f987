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
set -u
cd "${PGNKIT_ROOT:-.}" || exit 3
dir=lib/pgn/reader
status=0

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
for f in $dir/*.c; do
    [ "$f" = $dir/reader_window.c ] && continue
    if grep -nE "win\.($owned)[[:space:]]*([-+|&]?=[^=]|\+\+|--)" "$f"; then
        echo "$f: changes the window's own fields: only reader_window.c may"
        status=1
    fi
done
exit $status
