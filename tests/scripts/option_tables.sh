#!/bin/sh
# option_tables.sh - every command declares its options once, in a table of
# struct option_entry (cmd/cli/cmdline.h) that parse_options() reads, -h
# prints and completion offers: so -h and completion show exactly the
# options a command takes, each option once.
# SPDX-License-Identifier: MIT
#
# What would break it, and what below catches it:
# - a command reading argv with getopt_long() and a switch of its own
#   (cmdline.c alone calls getopt_long);
# - an option line written by hand in a usage string ("    -q, --quiet
#   ...") instead of the help of a table entry;
# - an option a command takes that -h leaves out (a short option such as
#   validate -v or perft -e once was), or a long option that completion
#   offers and -h does not show;
# - an option described twice in one -h (stats --moves once was: in its
#   reports and again among the criteria).
set -u
root=${PGNKIT_ROOT:-.}
cd "$root" || exit 3
case $PGNKIT in /*) ;; *) PGNKIT=$(pwd)/$PGNKIT ;; esac
status=0
fail() { echo "FAIL: $*"; status=1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One way to read options: no getopt_long outside cmdline.c, no getopt table.
sources=$(find cmd -name '*.[ch]' ! -path cmd/cli/cmdline.c)
if grep -n 'getopt_long *(\|cmd_getopt *(' $sources; then
    fail "a command reads argv itself (above): give it a table for parse_options()"
fi
if grep -nE 'struct option [a-z_]+\[\] *=' $sources; then
    fail "a getopt_long table (above): make it a table of struct option_entry"
fi
# No option line of -h written by hand: the help comes from the entries.
if grep -nE '^ *"    (-[a-zA-Z], |    )--[a-z]' $sources; then
    fail "an option's help line written in a string (above): give its entry the help"
fi

commands=$("$PGNKIT" --help | awk '/^   [a-z]/ { print $1 }')
[ -n "$commands" ] || fail "no commands listed by pgnkit --help"
for cmd in $commands; do
    "$PGNKIT" "$cmd" -h >"$tmp/help" 2>&1 || fail "$cmd -h: exit status $?"
    # The options -h shows, a name a line: the left column of the option
    # lines, joined lines ("--white RE  --black RE") included.
    sed -n 's/^ \{4,8\}\(-[a-zA-Z], \)\{0,1\}\(--[a-z].*\)/\2/p' "$tmp/help" |
        sed 's/  [^-].*//; s/  \([a-z(]\).*//' | grep -o -- '--[a-z][a-z0-9-]*' >"$tmp/shown"
    # Long options: what completion offers (read from the same tables) is
    # what -h shows.
    "$PGNKIT" __complete pgnkit "$cmd" -- | sort >"$tmp/offered"
    [ -s "$tmp/offered" ] || fail "$cmd: completion offers no option"
    sort -u "$tmp/shown" >"$tmp/shown.sorted"
    missing=$(comm -23 "$tmp/offered" "$tmp/shown.sorted" | tr '\n' ' ')
    [ -z "$missing" ] || fail "$cmd: -h does not show $missing(completion offers them)"
    extra=$(comm -13 "$tmp/offered" "$tmp/shown.sorted" | tr '\n' ' ')
    [ -z "$extra" ] || fail "$cmd: -h shows $extra, which the command does not take"
    # Each option once.
    twice=$(sort "$tmp/shown" | uniq -d | tr '\n' ' ')
    [ -z "$twice" ] || fail "$cmd: -h describes $twice more than once"
    # Short options: every letter the command takes is in -h. A letter is
    # taken unless the command calls it unknown; run in a scratch folder, as
    # an option that takes a value takes "-h" and may go on to work.
    for letter in a b c d e f g i j k l m n o p q r s t u v w x y z A B C D E F G H I J K L M N O P Q R S T U V W X Y Z; do
        (cd "$tmp" && timeout 20 "$PGNKIT" "$cmd" "-$letter" -h </dev/null >/dev/null 2>"$tmp/err")
        grep -q "unknown option '-$letter'" "$tmp/err" && continue
        grep -qE "^    -$letter(, | )" "$tmp/help" ||
            fail "$cmd takes -$letter, which -h does not show"
    done
done
exit $status
