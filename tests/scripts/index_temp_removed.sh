#!/bin/sh
# index_temp_removed.sh - an index build writes its database beside the target
# under a temporary name and renames it over the target when complete. When
# that temporary file is removed while the build runs (a clean-up script, a
# user), what it held is gone: the build must fail (exit 3, saying so) and
# leave the old database as it was, not put an empty file over it.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
fail() { echo "FAIL: $*"; status=1; }
i=0
while [ $i -lt 12 ]; do cat testdata/corpus/*.pgn; i=$((i + 1)); done >"$tmp/in.pgn"
mkdir "$tmp/out"
echo "the old database" >"$tmp/out/db.pgnkit"

# Up to three tries: the build must still be running when its temporary file
# is seen (it runs for a second or more on this input).
caught=0
for try in 1 2 3; do
    "$PGNKIT" index -q -j 2 "$tmp/in.pgn" -o "$tmp/out/db.pgnkit" 2>"$tmp/err" &
    pid=$!
    n=0
    while [ $n -lt 1000 ] && kill -0 $pid 2>/dev/null; do
        t=$(ls -a "$tmp/out" | grep '^\.db\.pgnkit\.tmp-' | grep -v -- '-journal$' | head -n 1)
        if [ -n "$t" ]; then
            rm -f "$tmp/out/$t" && caught=1
            break
        fi
        sleep 0.01
        n=$((n + 1))
    done
    wait $pid
    code=$?
    [ $caught = 1 ] && break
done
[ $caught = 1 ] || { echo "FAIL: the build ended three times before its temporary file was seen"; exit 1; }
[ "$code" = 3 ] || fail "exit $code after its temporary file was removed, not 3"
grep -q "temporary file .* was removed or replaced" "$tmp/err" || fail "no message: $(cat "$tmp/err")"
[ "$(cat "$tmp/out/db.pgnkit")" = "the old database" ] ||
    fail "the old database was replaced: $(wc -c <"$tmp/out/db.pgnkit") bytes now"
[ -z "$(ls -a "$tmp/out" | grep '^\.db\.pgnkit\.tmp-')" ] || fail "a temporary file was left: $(ls -a "$tmp/out")"
exit $status
