#!/bin/sh
# api_db_reads.sh - pgnkit_db_count() and pgnkit_db_find() read the games the
# records leave undecided in runs (lib/index/index_runs.c cuts them, for the
# library as for the CLI's database input): a source is opened once and its
# undecided games come in a few large reads, not one read per game.
# SPDX-License-Identifier: MIT
. "${PGNKIT_ROOT:-.}/tests/scripts/api_stage.inc"
need strace

for name in dbgames dbfind; do
    # shellcheck disable=SC2086
    cc -std=c11 $cflags ${PGNKIT_USER_CFLAGS:-} -o "$tmp/$name" "tests/examples/$name.c" $libs ||
        fail "$name.c does not build"
done
# 8 copies of sample.pgn: 312 games (39 counted by hand, times 8), 880 KB.
for i in 1 2 3 4 5 6 7 8; do cat testdata/sample.pgn; done >"$tmp/eight.pgn"
"$PGNKIT" index -q -o "$tmp/eight.pgnkit" "$tmp/eight.pgn" || fail "pgnkit index failed"

# reads PROGRAM ARGS...: how many times PROGRAM opens and reads eight.pgn.
reads() {
    # LeakSanitizer (make check) cannot run under ptrace: leaks are looked for elsewhere.
    ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
    strace -f -y -e trace=openat,pread64,read -o "$tmp/trace" "$@" >"$tmp/out" 2>/dev/null
    opens=$(grep -c 'openat(.*eight\.pgn"' "$tmp/trace")
    preads=$(grep -c 'read[0-9]*([0-9]*<[^>]*eight\.pgn>' "$tmp/trace")
}
# No record tells a comment: every game is read from the source and matched.
reads "$tmp/dbgames" "$tmp/eight.pgnkit" comment the
[ "$(cat "$tmp/out")" = "$("$PGNKIT" search --count --comment the "$tmp/eight.pgnkit")" ] ||
    fail "dbgames counts $(cat "$tmp/out") games with a comment 'the', pgnkit search otherwise"
[ "$opens" = 1 ] || fail "pgnkit_db_count opens the source $opens times, not once"
[ "$preads" -le 4 ] || fail "pgnkit_db_count reads the source $preads times for 312 games, not in one run"
reads "$tmp/dbfind" "$tmp/eight.pgnkit" comment=the
[ "$opens" = 1 ] || fail "pgnkit_db_find opens the source $opens times, not once"
# one run for the games found, then one read per game printed (its own text)
found=$(grep -c '^\[Event ' "$tmp/out")
[ "$preads" -le $((found + 4)) ] ||
    fail "pgnkit_db_find reads the source $preads times for $found games printed"
exit $status
