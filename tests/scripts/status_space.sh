#!/bin/sh
# status_space.sh - the library has one status space, and keeps it.
# SPDX-License-Identifier: MIT
#
# A library function that fails returns an enum pgn_status (lib/base/error.h),
# named by pgn_strerror() alone; finer reasons (a FEN's problem, a move's) are
# details, not statuses of their own. So lib/ has no bare "return -1;" (a
# number that is no named status: a lookup that finds nothing returns a named
# constant), no second code space (MOVE_E..., FEN_E_...), no second name
# function for statuses (*_strerror) and one severity enum.
set -u
cd "${PGNKIT_ROOT:-.}" || exit 3
status=0

bare=$(grep -rn --include='*.[ch]' -E 'return -[0-9]+;' lib)
if [ -n "$bare" ]; then
    echo "a bare negative number returned where a named status or constant belongs:"
    echo "$bare"
    status=1
fi
spaces=$(grep -rn --include='*.[ch]' -E '\b(MOVE_E[A-Z]+|FEN_E_[A-Z_]+|FEN_OK)\b' lib cmd tests)
if [ -n "$spaces" ]; then
    echo "a second status space (use enum pgn_status and a detail):"
    echo "$spaces"
    status=1
fi
names=$(grep -rn --include='*.[ch]' -E '^[a-z].*\b[a-z_]+_strerror\(' lib | grep -v 'pgn_strerror(')
if [ -n "$names" ]; then
    echo "a second function that names statuses (pgn_strerror names them all):"
    echo "$names"
    status=1
fi
# The public header's enum pgnkit_severity is the same one under the public
# prefix: lib/api/api_status.c asserts each of its values equal.
severities=$(grep -rn --include='*.[ch]' -E 'enum [a-z_]*severity \{' lib | grep -v 'enum pgn_severity {' \
    | grep -v '^lib/pgnkit.h:[0-9]*:enum pgnkit_severity {')
if [ -n "$severities" ]; then
    echo "a second severity enum (enum pgn_severity is the one):"
    echo "$severities"
    status=1
fi
exit $status
