#!/bin/sh
# write_errors.sh - every write that fails says which file and why (issue 33,
# item 18): a full disk (/dev/full, also behind a symbolic link where a
# split file goes) is reported as "cannot write 'FILE': <reason>" with exit
# 3, and the file it was to replace is kept as it was.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
fail() { echo "FAIL: $*"; status=1; }
if [ ! -w /dev/full ]; then
    echo "skipped: no writable /dev/full"
    exit 77
fi
cat testdata/sample.pgn testdata/broken/illegal-*.pgn >"$tmp/in.pgn"
reason=$(printf 'No space left on device') # strerror(ENOSPC), glibc and musl

# full WHAT FILE CMD...: CMD exits 3 and says that FILE cannot be written, and why.
full() {
    what=$1 file=$2
    shift 2
    (cd "$tmp" && "$PGNKIT" "$@" >/dev/null 2>"$tmp/err")
    code=$?
    [ "$code" = 3 ] || fail "$what: exit $code, not 3"
    grep -q "error: cannot write '$file': $reason\$" "$tmp/err" ||
        fail "$what: no 'cannot write '$file': $reason': $(grep -v 'warning\|note' "$tmp/err" | head -n 3)"
}
full "search --rest /dev/full" /dev/full search --result 1-0 --rest /dev/full in.pgn
full "validate --good /dev/full" /dev/full validate -q --good /dev/full in.pgn
full "validate --bad /dev/full" /dev/full validate -q --bad /dev/full in.pgn
full "diagram --page -o /dev/full" /dev/full diagram --page -o /dev/full in.pgn
# Standard output full: the reason is the write's, not that of a later call.
for cmd in "search" "convert" "validate" "diagram --page"; do
    (cd "$tmp" && "$PGNKIT" $cmd in.pgn >/dev/full 2>"$tmp/err")
    code=$?
    [ "$code" = 3 ] || fail "$cmd > /dev/full: exit $code, not 3"
    grep -q "error: cannot write to standard output: $reason\$" "$tmp/err" ||
        fail "$cmd > /dev/full: $(grep -v 'warning\|note' "$tmp/err" | head -n 3)"
done
ln -s /dev/full "$tmp/2.pgn"
full "convert --split-every onto /dev/full" 2.pgn convert -q --split-every 10 in.pgn
full "search --split-every onto /dev/full" 2.pgn search --split-every 10 in.pgn
rm "$tmp/2.pgn"

# The file a failed run was to replace stays as it was.
echo old >"$tmp/rest.pgn"
rm -f "$tmp"/[0-9]*.pgn
ln -s /dev/full "$tmp/1.pgn"
(cd "$tmp" && "$PGNKIT" search --result 1-0 --rest rest.pgn --split-every 100 in.pgn \
    >/dev/null 2>"$tmp/err")
code=$?
[ "$code" = 3 ] || fail "search --rest with a split file on /dev/full: exit $code, not 3"
[ "$(cat "$tmp/rest.pgn")" = old ] || fail "a failed run replaced --rest"
exit $status
