#!/bin/sh
# index_output_is_input.sh - `pgnkit index` never writes its database over one of the
# PGN files it reads: the same name, another name of the same file (a symbolic or a
# hard link), or a database that has become one of its own sources (--update) is a
# usage error (exit 2) with a message, and the file keeps its bytes.
. tests/scripts/index_setup.inc

# refused NAME ARGS...: index ARGS exits 2, says why, and x.pgn and b.pgn are unchanged.
refused() {
    name=$1; shift
    "$PGNKIT" index -q "$@" >out 2>err; code=$?
    [ "$code" = 2 ] || fail "$name: exit $code, expected 2"
    grep -q "is the input" err || fail "$name: no message saying the output is an input: $(cat err)"
    [ -s out ] && fail "$name: standard output: $(cat out)"
    cmp -s x.pgn "$root/testdata/sample.pgn" || fail "$name: x.pgn was changed"
    cmp -s b.pgn "$root/testdata/sample.pgn" || fail "$name: b.pgn was changed"
    ls ./.*.tmp-* >/dev/null 2>&1 && fail "$name: a temporary file was left"
}

cp "$root/testdata/sample.pgn" x.pgn
cp "$root/testdata/sample.pgn" b.pgn
refused "same name" x.pgn -o x.pgn
refused "second input" x.pgn b.pgn -o b.pgn
refused "another spelling" x.pgn -o ./x.pgn
ln -s x.pgn link.pgn
refused "symbolic link as output" x.pgn -o link.pgn
refused "symbolic link as input" link.pgn b.pgn -o x.pgn
ln b.pgn hard.pgn
refused "hard link" hard.pgn -o b.pgn

# A database renamed over its own source: --update would read it as PGN and write it.
cp x.pgn self.pgn
"$PGNKIT" index -q self.pgn -o db.pgnkit || fail "index failed"
mv db.pgnkit self.pgn
cp self.pgn self.bak
"$PGNKIT" index -q --update self.pgn >out 2>err; code=$?
[ "$code" = 2 ] || fail "update of its own source: exit $code, expected 2 ($(cat err))"
grep -q "is the input" err || fail "update of its own source: no message: $(cat err)"
cmp -s self.pgn self.bak || fail "update of its own source: the database was changed"

# An output that is no input is still written.
"$PGNKIT" index -q x.pgn -o new.pgnkit || fail "a distinct output was refused"
exit $status
