#!/bin/sh
# nested_comments.sh - --nested-comments reads braces inside comments as
# pgn-extract's --nestedcomments does: the same moves and the same comment
# texts (pgn-extract as the second opinion, when installed). Without the
# option the same file has errors (the test could fail), the output reads
# back the same without it (a comment holding '}' is written as a ';' line
# comment), and every command takes the option, on one thread and on two.
set -u
root=${PGNKIT_ROOT:-.}
cd "$root" || exit 1
in=testdata/reader/nested_comments.pgn
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
fail() { echo "$*"; status=1; }

# Without the option: the comments end at their first '}', and the rest is an error.
"$PGNKIT" validate -q "$in" && fail "read without --nested-comments, $in has no error"
"$PGNKIT" validate -q --nested-comments "$in" || fail "validate --nested-comments: $in has errors"

# The movetext as tokens: no move numbers, a ';' comment as a {comment}, no empty comment,
# no blank inside a brace.
tokens() {
    grep -v '^\[[A-Za-z0-9_]* "' | sed 's/; \(.*\)/{\1}/' | tr '\n\r' '  ' |
        sed 's/{ */{/g; s/ *}/}/g; s/{}//g' | tr -s ' ' '\n' | grep -v '^[0-9]*\.\.*$' | grep .
}
"$PGNKIT" convert -q --nested-comments -j 1 "$in" >"$tmp/ours.pgn"
tokens <"$tmp/ours.pgn" >"$tmp/ours.txt"
grep -q '{Ruy' "$tmp/ours.txt" || fail "no nested comment in the output"

# The output needs no option to be read back: the same games, comments and all.
"$PGNKIT" convert -q "$tmp/ours.pgn" >"$tmp/again.pgn" || fail "the output of --nested-comments does not read back"
cmp -s "$tmp/ours.pgn" "$tmp/again.pgn" || { fail "read back, the output changed:"; diff "$tmp/ours.pgn" "$tmp/again.pgn" | head; }

# On two threads (the workers read as the reading thread does), and in the other commands.
"$PGNKIT" convert -q --nested-comments -j 2 "$in" "$in" >"$tmp/two.pgn"
cat "$tmp/ours.pgn" "$tmp/ours.pgn" | cmp -s - "$tmp/two.pgn" || fail "convert -j 2 differs from -j 1"
n=$("$PGNKIT" search -c --nested-comments --comment 'usual move' "$in")
[ "$n" = 1 ] || fail "search --nested-comments --comment: $n games, not 1"
n=$("$PGNKIT" search -c -j 2 --nested-comments --contains-move Qf3 "$in")
[ "$n" = 1 ] || fail "search -j 2 --nested-comments --contains-move: $n games, not 1"
"$PGNKIT" stats --nested-comments "$in" | grep -Eq '^ +valid +2 ' || fail "stats --nested-comments: not 2 valid games"
"$PGNKIT" annotate -q --nested-comments --plycount "$in" | grep -c '^\[PlyCount "' | grep -qx 2 ||
    fail "annotate --nested-comments: not 2 games with PlyCount"

# Last, pgn-extract's reading: without it the test is skipped (exit 77), so
# every check above has run first, and a failure among them is not hidden.
[ $status = 0 ] || exit $status
. tests/scripts/pgn_extract.inc
"$pgn_extract" -s --nestedcomments "$in" | tokens >"$tmp/theirs.txt"
cmp -s "$tmp/theirs.txt" "$tmp/ours.txt" ||
    { fail "convert --nested-comments and pgn-extract --nestedcomments differ:"; diff "$tmp/theirs.txt" "$tmp/ours.txt" | head; }
[ $status = 0 ] && echo "nested comments: as pgn-extract's, $(wc -l <"$tmp/ours.txt") tokens"
exit $status
