#!/bin/sh
# index_crash.sh - a build or an update killed at any moment (SIGKILL) leaves the previous
# database intact: PRAGMA integrity_check is ok and it gives the old answers; readers
# running during an update see the old state or the new one, never a mix.
. tests/scripts/index_setup.inc
. "$root/tests/scripts/need.inc"
need sqlite3
rounds=6
[ -n "${PGNKIT_QUICK:-}" ] && rounds=3

cat "$root"/testdata/corpus/*.pgn "$root"/testdata/sample.pgn >one.pgn
for i in 1 2 3 4 5 6; do cat one.pgn one.pgn; done >big.pgn
cp big.pgn old.pgn
"$PGNKIT" index -q old.pgn -o g.pgnkit || fail "first build failed"
want=$("$PGNKIT" search --count --player . g.pgnkit)
start=$(date +%s%N)
"$PGNKIT" index -q big.pgn -o probe.pgnkit
span_ms=$(( ($(date +%s%N) - start) / 1000000 + 1 ))

# intact NAME ANSWER...: the database is sound and answers one of ANSWERs.
intact() {
    name=$1; shift
    ok=$(sqlite3 g.pgnkit 'PRAGMA integrity_check' 2>&1)
    [ "$ok" = ok ] || fail "$name: integrity_check: $ok"
    got=$("$PGNKIT" search --count --player . g.pgnkit 2>/dev/null)
    for a in "$@"; do [ "$got" = "$a" ] && return; done
    fail "$name: $got games, expected one of $*"
}
# killed CMD...: runs CMD and kills it with SIGKILL after a random part of a build's time.
killed() {
    "$@" 2>/dev/null &
    pid=$!
    ms=$(awk -v s="$(date +%N)" -v n="$span_ms" 'BEGIN { srand(s); printf "%d", rand() * n * 0.8 }')
    sleep "$(awk -v m="$ms" 'BEGIN { printf "%.3f", m / 1000 }')"
    kill -9 $pid 2>/dev/null
    wait $pid 2>/dev/null
}

# A new build replacing g.pgnkit, killed: the old database stays.
i=0
while [ $i -lt $rounds ]; do
    i=$((i + 1))
    killed "$PGNKIT" index -q old.pgn big.pgn -o g.pgnkit
    rm -f .g.pgnkit.tmp-*
    intact "build killed (round $i)" "$want" "$(( want * 2 ))"
    # A complete build is the new state: go back to the old one for the next round.
    [ "$("$PGNKIT" search --count g.pgnkit 2>/dev/null)" = "$want" ] \
        || "$PGNKIT" index -q old.pgn -o g.pgnkit
done

# An update of an appended source (as long to read as a build), killed: old state
# (with the warning that the source grew) or new.
cat big.pgn >>old.pgn
new=$("$PGNKIT" search --count --player . old.pgn)
i=0
while [ $i -lt $rounds ]; do
    i=$((i + 1))
    killed "$PGNKIT" index -q --update g.pgnkit
    intact "update killed (round $i)" "$want" "$new"
done
"$PGNKIT" index -q --update g.pgnkit || fail "update after the kills failed"
intact "update finished" "$new"

# Readers during an update: each sees the old count or the new one.
cat one.pgn >>old.pgn
newer=$("$PGNKIT" search --count --player . old.pgn)
"$PGNKIT" index -q --update g.pgnkit &
upd=$!
n=0
while kill -0 $upd 2>/dev/null && [ $n -lt 50 ]; do
    n=$((n + 1))
    got=$("$PGNKIT" search --count --player . g.pgnkit 2>/dev/null)
    [ "$got" = "$new" ] || [ "$got" = "$newer" ] || fail "reader during an update: $got games"
done
wait $upd || fail "the update beside readers failed"
intact "after the readers" "$newer"
exit $status
