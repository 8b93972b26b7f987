#!/bin/sh
# option_groups.sh - option groups combine as tables that a command's table
# includes, never by ranges of values, and a command's help is printed from
# its table, never spliced at a marker.
# SPDX-License-Identifier: MIT
#
# A group of options several commands share (output, split, selection,
# --color) is a table of struct option_entry (cmd/cli/cmdline.h) that a
# command's table includes with OPT_GROUP, naming the group's storage: no
# group reserves a range of getopt values (once 0x1000 output, 0x1100
# split, 0x2000 selection, 0x7000 --color) that the next group must stay
# clear of, and ids of different groups may be equal (--format and
# --split-every are both option 1 of their groups).
#
# The selection options' lines (search, stats, diagram) are printed from
# the group's entries where the command's table includes it: no usage
# string holds a control character standing for them. Each such help shows
# the group's lines once, after the command's first.
# (tests/scripts/option_tables.sh checks that every command reads its
# options through one table.)
set -u
root=${PGNKIT_ROOT:-.}
cd "$root" || exit 3
case $PGNKIT in /*) ;; *) PGNKIT=$(pwd)/$PGNKIT ;; esac
status=0
fail() { echo "FAIL: $*"; status=1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# No option value picked from a range.
if grep -nE '(OPT|COLOR)[A-Z_]* *= *0x[0-9a-fA-F]+' $(find cmd -name '*.[ch]'); then
    fail "an option value from a hand-picked range (above): give the group a slot"
fi
# The shared groups are tables of entries, included by the commands that take them.
for group in output_options split_options 'query_opts_options()'; do
    grep -qF "OPT_GROUP($group, " $(find cmd -name '*.c') ||
        fail "no command includes the group $group with OPT_GROUP"
done

# Option 1 of the output group and option 1 of the split group, together.
"$PGNKIT" convert -q --format json --split-every 2 --split-name "$tmp/part-{}.json" \
    testdata/sample.pgn || fail "convert --format json --split-every 2: exit status $?"
[ -s "$tmp/part-1.json" ] || fail "--split-every 2: no $tmp/part-1.json"
head -c 1 "$tmp/part-1.json" 2>/dev/null | grep -q '\[' || fail "--format json: part-1.json is not JSON"
# A criterion (the selection group) beside both.
"$PGNKIT" search --result 1-0 --format json --split-every 1 --split-name "$tmp/s-{}.json" \
    testdata/sample.pgn || fail "search --result 1-0 --format json --split-every 1: exit status $?"
n=$(ls "$tmp" | grep -c '^s-.*\.json$')
want=$(grep -c '^\[Result "1-0"\]' testdata/sample.pgn)
[ "$n" = "$want" ] || fail "search --result 1-0 --split-every 1: $n files, expected $want"
# No usage line is a marker: a C string escape of a control character.
if grep -nE '"\\(00[0-7]|x0[0-9a-fA-F])"' $(find cmd -name '*.[ch]'); then
    fail "a usage string stands for other lines (above): include the group's table"
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
