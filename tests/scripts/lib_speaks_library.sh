#!/bin/sh
# lib_speaks_library.sh - lib/ does not name pgnkit's command-line options.
# SPDX-License-Identifier: MIT
#
# The library is used by other programs than pgnkit's CLI, so its strings and
# comments speak of its own names (REPLAY_STRICT, SQ_WHITE, GO_FIX_RESULTS),
# and option names and usage text live in cmd/ (cmd/cli/query_usage.c holds
# the criteria's). A line of lib/ with "--name" fails, unless it quotes
# another program's option (it names pgn-extract) or is not an option at all
# (a decrement such as --len or *--d, an arrow such as -->).
set -u
cd "${PGNKIT_ROOT:-.}" || exit 3
found=$(grep -rnE --include='*.c' --include='*.h' '(^|[^-[:alnum:]_>*[(])--[a-z][a-z-]*' lib \
    | grep -v 'pgn-extract' | grep -vE -e '-->|--(p->|len|depth)')
if [ -n "$found" ]; then
    echo "$found"
    echo "lib/ names command-line options (above): say it with the library's own names"
    exit 1
fi
exit 0
