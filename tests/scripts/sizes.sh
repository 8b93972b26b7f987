#!/bin/sh
# sizes.sh - no file of lib/ or cmd/ over 800 lines, no function over 150.
# SPDX-License-Identifier: MIT
#
# The limits of the house plan (README, Layout): a file that grows past them
# holds more than one concern, a function that does is several steps that want
# names. A function is counted as fnlen counts it by eye: from the line of its
# name (the last line with a '(' before a '{' at column 0) to its '}' at
# column 0. MAX_FILE_LINES and MAX_FUNCTION_LINES override the limits (the
# test of this test uses them).
set -u
cd "${PGNKIT_ROOT:-.}" || exit 3
max_file=${MAX_FILE_LINES:-800}
max_function=${MAX_FUNCTION_LINES:-150}
status=0
files=$(find lib cmd -name '*.[ch]' | sort)
# shellcheck disable=SC2086
long_files=$(wc -l $files | awk -v max="$max_file" '$2 != "total" && $1 > max { print $2 ": " $1 " lines" }')
if [ -n "$long_files" ]; then
    echo "$long_files" | sed "s/\$/ (at most $max_file)/"
    status=1
fi
# shellcheck disable=SC2086
long_functions=$(awk -v max="$max_function" '
    FNR == 1 { inside = 0; head = 0 }
    !inside && /\(/ { head = FNR; name = $0 }
    /^\{/ { inside = 1 }
    /^\}/ && inside { n = FNR - head + 1; if (n > max) print FILENAME ":" head ": " n " lines: " name; inside = 0 }
' $files)
if [ -n "$long_functions" ]; then
    echo "$long_functions" | sed "s/\$/ (at most $max_function)/"
    status=1
fi
exit $status
