#!/bin/sh
# stale_names.sh - a function a comment names as "name()" exists.
# SPDX-License-Identifier: MIT
#
# Comments point readers at functions ("see run_move()"); when a function is
# renamed or merged away, such a pointer sends the reader to nothing. Every
# "name()" in the C files of lib/, cmd/ and tests/ must be declared or
# defined there ("name(void", "name(type ...", a macro "#define name(", or a
# function pointer "(*name)("). Functions of the C library, POSIX and the
# libraries pgnkit uses that the files name are listed below.
set -u
cd "${PGNKIT_ROOT:-.}" || exit 3
# (CPython's last: the Python module in lib/python calls them).
system_names=' abort clock fork geteuid getpid isatty pthread_self setlocale tmpfile ZSTD_createCCtx
    ZSTD_createDCtx ZSTD_createDStream
    json_array json_null json_object
    PyDict_New PyErr_NoMemory PyErr_Occurred '
system_names=$(echo "$system_names" | tr '\n' ' ' | tr -s ' ')
# explorer_page.c holds the explorer page's JavaScript (load(), pop(), ...), not C names.
files=$(find lib cmd tests/unit tests/fuzz tests/bench -name '*.[ch]' | grep -v '^lib/explorer/explorer_page\.c$' | sort)
status=0
# shellcheck disable=SC2086
for name in $(grep -ohE '\b[A-Za-z_][A-Za-z0-9_]*\(\)' $files | sed 's/()$//' | sort -u); do
    case $system_names in *" $name "*) continue ;; esac
    # shellcheck disable=SC2086
    if ! grep -qE "(\\b$name\\((void|[^)])|#[ \\t]*define[ \\t]+$name\\(|\\(\\*$name\\)\\()" $files; then
        echo "$(grep -lE "\\b$name\\(\\)" $files | tr '\n' ' ')names $name(), which does not exist"
        status=1
    fi
done
exit $status
