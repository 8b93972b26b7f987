#!/bin/sh
# usage_parts.sh - a command's help is printed from its parts, never spliced at a marker.
# SPDX-License-Identifier: MIT
#
# The selection options' lines (search, stats, diagram) are printed by their
# group (query_opts_usage) as one part of the command's help (struct
# usage_part): no usage string holds a control character standing for them.
# Each such help shows the group's lines once, between the command's own.
set -u
root=${PGNKIT_ROOT:-.}
cd "$root" || exit 3
case $PGNKIT in /*) ;; *) PGNKIT=$(pwd)/$PGNKIT ;; esac
status=0
fail() { echo "FAIL: $*"; status=1; }

# No usage line is a marker: a C string escape of a control character.
if grep -nE '"\\(00[0-7]|x0[0-9a-fA-F])"' $(find cmd -name '*.[ch]'); then
    fail "a usage string stands for other lines (above): make it a part (struct usage_part)"
fi
if grep -n 'USAGE_INSERT\|print_usage_with' $(find cmd -name '*.[ch]'); then
    fail "the usage marker is still used (above)"
fi

# The group's lines once each, after the command's first lines and before its last.
for cmd in search stats diagram; do
    out=$("$PGNKIT" "$cmd" -h) || fail "$cmd -h: exit status $?"
    for line in 'Selection:' '    -i, --ignore-case     every regular expression ignores case' \
                '        --unique          drop games whose start position and main line came before'; do
        n=$(printf '%s\n' "$out" | grep -cxF -- "$line")
        [ "$n" = 1 ] || fail "$cmd -h: '$line' printed $n times"
    done
    printf '%s\n' "$out" | head -n 1 | grep -q "^usage: pgnkit $cmd " || fail "$cmd -h: no synopsis first"
    printf '%s\n' "$out" | LC_ALL=C grep -q "$(printf '\001')" && fail "$cmd -h: a control character"
done
exit $status
