#!/bin/sh
# index_output_link.sh - `pgnkit index -o LINK`, LINK a symbolic link, writes the file
# the link names and leaves the link a link, as every other output does
# (outfile_target() decides for both): the build is written beside that file and
# renamed over it, so nothing is left beside the link or the file.
. tests/scripts/index_setup.inc

mkdir real
grep -c '^\[Event ' "$root/testdata/sample.pgn" >want # 39, as counted by hand
"$PGNKIT" index -q "$root/testdata/stats/small.pgn" -o real/db.pgnkit || fail "first build failed"
ln -s real/db.pgnkit link.pgnkit
"$PGNKIT" index -q "$root/testdata/sample.pgn" -o link.pgnkit >out 2>err; code=$?
[ "$code" = 0 ] || fail "index -o link.pgnkit: exit $code: $(cat err)"
[ -L link.pgnkit ] || fail "link.pgnkit is no longer a symbolic link"
[ "$(readlink link.pgnkit)" = real/db.pgnkit ] || fail "link.pgnkit now names '$(readlink link.pgnkit)'"
"$PGNKIT" search -c real/db.pgnkit >got 2>err || fail "search of real/db.pgnkit failed: $(cat err)"
cmp -s got want || fail "real/db.pgnkit holds $(cat got) games, not the $(cat want) of sample.pgn"
ls ./.*.tmp-* real/.*.tmp-* >/dev/null 2>&1 && fail "a temporary file was left: $(ls ./.*.tmp-* real/.*.tmp-* 2>/dev/null)"

# A link to a database not yet there: the build makes the file the link names.
ln -s real/new.pgnkit new-link.pgnkit
"$PGNKIT" index -q "$root/testdata/sample.pgn" -o new-link.pgnkit 2>err || fail "index -o new-link.pgnkit failed: $(cat err)"
[ -L new-link.pgnkit ] || fail "new-link.pgnkit is no longer a symbolic link"
[ -f real/new.pgnkit ] || fail "real/new.pgnkit was not written"

# validate --good through a link does the same (the rule both follow).
ln -s real/good.pgn good-link.pgn
: >real/good.pgn
"$PGNKIT" validate -q --good good-link.pgn "$root/testdata/sample.pgn" >/dev/null 2>&1
[ -L good-link.pgn ] || fail "validate --good replaced its link"
exit $status
