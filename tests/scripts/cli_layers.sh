#!/bin/sh
# cli_layers.sh - the shared CLI pieces (cmd/cli) include one another without a circle,
# and the database input keeps no file-scope state a command steers it through.
# SPDX-License-Identifier: MIT
#
# A piece is a .c file and its .h. If piece A includes B's header and B
# includes A's, neither can be read, tested or replaced without the other
# (driver.c and dbinput.c once called each other by name). tsort(1), an
# oracle independent of pgnkit, finds any such circle in the include graph.
# What a command asks of a database (a search's plan, stats' tree) travels
# in the driver, so dbinput.c and source_file.c have no file-scope variable.
set -u
cd "${PGNKIT_ROOT:-.}" || exit 3
. tests/scripts/need.inc
need tsort coreutils
status=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Circles known and left for later (each pair "a b" drops a's include of b);
# the list only shrinks. common's die() erases progress's line, whose text
# names the program (common.h); the command table is common to cmdline and
# completion.
known="common progress|complete cmdline"

# The include graph of cmd/cli, one "includer included" pair a line.
for f in cmd/cli/*.[ch]; do
    me=$(basename "$f"); me=${me%.?}
    for inc in $(sed -n 's/^[ \t]*#[ \t]*include[ \t]*"cli\/\([^"]*\)\.h".*/\1/p' "$f"); do
        [ "$inc" = "$me" ] || echo "$me $inc"
    done
done | sort -u | grep -vxE "$known" >"$tmp/edges"
if ! tsort "$tmp/edges" >/dev/null 2>"$tmp/loops"; then
    echo "cmd/cli pieces include one another in a circle:"
    sed 's/^/    /' "$tmp/loops"
    status=1
fi

# The lower pieces know nothing of the driver.
for low in dbinput source_file; do
    if grep -n '#[ \t]*include[ \t]*"cli/driver\.h"' "cmd/cli/$low.c" "cmd/cli/$low.h"; then
        echo "cmd/cli/$low includes the driver (above): it is below it"; status=1
    fi
done

# No file-scope variable (a line at column 0 declaring one, not a function,
# a type or a constant table) in the database input.
for f in cmd/cli/dbinput.c cmd/cli/source_file.c; do
    if grep -nE '^(static[ \t]+)?(struct[ \t]+[a-z_]+|int|unsigned|char|uint64_t|size_t)[ \t*]+[a-z_]+[ \t]*(=[^;]*)?;' "$f" \
            | grep -v 'const'; then
        echo "$f: file-scope state (above): make it a field of the driver's dbinput_opts"; status=1
    fi
done
exit $status
