#!/bin/sh
# batch_record.sh - the compiler, not a comment, checks a command's per-game record.
# SPDX-License-Identifier: MIT
#
# A record names its struct batch_mark with BATCH_LAYOUT() and is found from
# the mark with BATCH_RECORD() (cmd/cli/driver.h). Naming a member that is
# not a struct batch_mark must not compile; the mark may be any member.
set -u
cd "${PGNKIT_ROOT:-.}" || exit 3
. tests/scripts/need.inc
need cc gcc
cc=${CC:-$need_path}
status=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
flags="-std=c11 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L -Ilib -Icmd -c -o $tmp/r.o"

record() { # MARK_TYPE: a record whose member "mark", after an int, is of that type
    cat >"$tmp/r.c" <<EOC
#include "cli/driver.h"
struct rec { int n; $1 mark; };
static const struct batch_layout layout = BATCH_LAYOUT(struct rec, mark);
int rec_n(const struct batch_mark *m);
int rec_n(const struct batch_mark *m)
{
    return (int)layout.mark + BATCH_RECORD(m, const struct rec, mark)->n;
}
EOC
}

record "struct batch_mark"
$cc $flags "$tmp/r.c" 2>"$tmp/err" || { echo "FAIL: a record with its mark second does not compile:"; cat "$tmp/err"; status=1; }
for wrong in "size_t" "struct pgn_span_origin" "int"; do
    record "$wrong"
    if $cc $flags "$tmp/r.c" 2>/dev/null; then
        echo "FAIL: a record whose 'mark' is $wrong compiles"; status=1
    fi
done
exit $status
