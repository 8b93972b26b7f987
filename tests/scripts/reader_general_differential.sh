#!/bin/sh
# reader_general_differential.sh - the reader's fast paths read what its general paths read.
# SPDX-License-Identifier: MIT
#
# Issue 35: the grammar of tag pairs and movetext is written once in the
# general parser; the fast paths kept beside it (the FAST PATHS table of
# lib/pgn/reader/reader_internal.h: the tag run, the movetext run, the skim,
# the one-pass split, the one copy of a tag section) must agree with it on
# every token. This builds pgnkit a second time with none of them
# (make GENERAL=1: -DPGN_READER_GENERAL_ONLY, into build/general) and
# compares the two builds byte for byte on every PGN file of testdata/:
# validate --format json at -j 1 and -j 2 (the split), --nested-comments,
# convert, a lazy search (tags only: the skim) and its count, and stats.
# First it checks that those files hold every kind of token, so the
# comparison covers each one.
set -u
cd "${PGNKIT_ROOT:-.}" || exit 3
. tests/scripts/need.inc
need make
: "${PGNKIT:=build/pgnkit}"
general=build/general/pgnkit
# A make of its own: under make check or check-portable, the outer make's
# variables (SANITIZE=1, PORTABLE=1) in MAKEFLAGS would choose another build.
if ! MAKEFLAGS= MAKELEVEL= MFLAGS= make -s GENERAL=1 "$general" >/dev/null 2>&1; then
    echo "reader_general_differential: cannot build '$general' (make GENERAL=1)" >&2
    exit 3
fi
tmp=$(mktemp -d) || exit 3
trap 'rm -rf "$tmp"' EXIT
files=$(find testdata -name '*.pgn' | LC_ALL=C sort)
status=0

# Every token kind of the grammar, with a pattern that finds it in the files.
cat $files > "$tmp/all"
while IFS='|' read -r kind pattern; do
    if ! LC_ALL=C grep -qE -- "$pattern" "$tmp/all"; then
        echo "no file of testdata/ holds $kind ('$pattern'): the comparison misses it"
        status=1
    fi
done <<'KINDS'
a tag pair|^\[[A-Za-z]+ "[^"\\]*"\]
an escaped tag value|^\[[A-Za-z]+ ".*\\"
a move number|[0-9]+\. 
a number glued to its move|[0-9]+\.[A-Za-z]
a number with dots for Black|[0-9]+\.\.\.
a plain move|[a-h][1-8]
castling|O-O
castling with zeros|0-0
a promotion|=[QRBN]
a null move| -- 
a glyph|[a-h][1-8][!?]
a NAG|\$[0-9]+
a {comment}|\{[^}]*\}
a comment over lines|\{[^}]*$
a ;comment|;
a % escape line|^%
a variation|\([^)]*[a-h][1-8]
a draw offer|\(=\)
an e.p. mark|e\.p\.
the result 1-0|1-0
the result 0-1|0-1
a drawn result|1/2-1/2
an unknown result|[ ]\*
a result with blanks|1 - 0
German notation|S[a-h]?[1-8]?x?[a-h][1-8]
a stray character|\}[^{]*\}
KINDS
# Two kinds that are bytes a pattern here cannot spell.
for kind in "a CRLF line end|$(printf '\r')\$" "a byte order mark|^$(printf '\357\273\277')"; do
    if ! LC_ALL=C grep -qE -- "${kind#*|}" "$tmp/all"; then
        echo "no file of testdata/ holds ${kind%%|*}: the comparison misses it"
        status=1
    fi
done

# run NAME ARGS...: both builds on every file; standard output, standard error and exit
# status compared.
run() {
    name=$1
    shift
    "$PGNKIT" "$@" $files > "$tmp/usual" 2> "$tmp/usual.err"
    echo "exit $?" >> "$tmp/usual"
    cat "$tmp/usual.err" >> "$tmp/usual"
    "$general" "$@" $files > "$tmp/general" 2> "$tmp/general.err"
    echo "exit $?" >> "$tmp/general"
    cat "$tmp/general.err" >> "$tmp/general"
    if ! cmp -s "$tmp/usual" "$tmp/general"; then
        echo "$name: the fast paths read otherwise than the general paths:"
        diff "$tmp/general" "$tmp/usual" | head -n 10
        status=1
    fi
}
run "validate -j 1" validate -j 1
run "validate --format json -j 1" validate --format json -j 1
run "validate --format json -j 2" validate --format json -j 2
run "validate --nested-comments" validate --format json --nested-comments -j 1
run "convert" convert -j 1
run "search --result 1-0" search --result 1-0 -j 1
run "search -c --result 1-0 -j 2" search -c --result 1-0 -j 2
run "stats" stats -j 1
exit $status
