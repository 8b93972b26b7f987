#!/bin/sh
# db_input_once.sh - a database input is opened once per run, and each of its sources
# is opened and checked against what was indexed once (cmd/cli/dbinput.c
# dbinputs_open(), before anything is written), its file then kept open until it is
# read: a plain source read in runs, a compressed one handed to the reader. Past 256
# sources the files are closed after the check and opened again when read (their
# identity, size and time compared, not checked again), with the same answers.
. tests/scripts/index_setup.inc
. "$root/tests/scripts/need.inc"
need strace

cp "$root/testdata/sample.pgn" "$root/testdata/sample.pgn.gz" .
cp "$root/testdata/corpus/engine_sunfish_3fold.pgn" sunfish.pgn
"$PGNKIT" index -q sample.pgn sunfish.pgn sample.pgn.gz -o three.pgnkit || fail "index failed"

# opens FILE CMD ARGS...: how many times CMD ARGS opens FILE (by any path ending in it).
opens() {
    file=$1; shift
    # LeakSanitizer (make check) cannot run under ptrace: leaks are looked for elsewhere.
    ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
    strace -f -e trace=openat,open -o trace "$PGNKIT" "$@" >out 2>err
    grep -v ENOENT trace | grep -c "open[a-z]*(.*[\"/]$file\""
}
for args in "search -c --comment the" "search --white Steinitz" "search -c --eco C2" "stats" \
        "stats --tree --moves e4" "convert --format uci"; do
    for src in sample.pgn sunfish.pgn sample.pgn.gz; do
        # shellcheck disable=SC2086
        n=$(opens "$src" $args three.pgnkit)
        [ "$n" = 1 ] || fail "$args: $src opened $n times, not once"
    done
    # the database's own file: opened once by the run itself (the output check and,
    # for search, the count of inputs look at it before the run starts)
done
# The answers are the scan's.
for args in "search -c --comment the" "search --white Steinitz" "stats" "convert --format uci"; do
    # shellcheck disable=SC2086
    "$PGNKIT" $args sample.pgn sunfish.pgn sample.pgn.gz >scan.out 2>&1
    # shellcheck disable=SC2086
    "$PGNKIT" $args three.pgnkit >db.out 2>&1
    cmp -s scan.out db.out || fail "$args: the database answers otherwise than its sources"
done

# 312 one-game sources (sample.pgn 8 times, 39 games each, counted by hand): the first
# 256 are kept open from the check to the read, the others opened again.
mkdir f
for i in 1 2 3 4 5 6 7 8; do cat "$root/testdata/sample.pgn"; done |
    awk '/^\[Event /{ n++ } { print > sprintf("f/g%03d.pgn", n) }'
[ "$(ls f | wc -l)" = 312 ] || fail "split into $(ls f | wc -l) files, not 312"
"$PGNKIT" index -q f/*.pgn -o many.pgnkit || fail "index of 312 files failed"
for args in "search -c --comment the" "search --white Steinitz" "stats"; do
    # shellcheck disable=SC2086
    "$PGNKIT" $args f/*.pgn >scan.out 2>&1
    # shellcheck disable=SC2086
    "$PGNKIT" $args many.pgnkit >db.out 2>&1
    cmp -s scan.out db.out || fail "$args: 312 sources: the database answers otherwise than the files"
done
n=$(opens g001.pgn search -c --comment the many.pgnkit)
[ "$n" = 1 ] || fail "the first of 312 sources opened $n times, not once"
n=$(opens g300.pgn search -c --comment the many.pgnkit)
[ "$n" = 2 ] || fail "the 300th of 312 sources opened $n times, not twice (checked, then read)"
# One of those changed after it was indexed is refused before anything is written.
sed 's/Event/Evxnt/' f/g300.pgn >edited && cat edited >f/g300.pgn
"$PGNKIT" search --comment the many.pgnkit >out 2>err; code=$?
[ "$code" = 3 ] && [ ! -s out ] && grep -q "g300.pgn changed since it was indexed" err ||
    fail "a changed 300th source: exit $code, $(wc -c <out) bytes out, $(cat err)"
exit $status
