#!/bin/sh
# index_source_changes.sh - a query through a database whose source is not as indexed
# answers nothing: freshness is decided before anything is written, so standard output
# stays empty, one message says which source changed, and the exit status is 3, also
# when another input comes first. Records that say more bytes were indexed than the
# source holds (the source cut, its size and time then written into the records) are a
# message and exit status 3, never a signal (the source used to be mapped whole: SIGBUS).
# A source is read a bounded window at a time: reading a 42 MB source through its
# database takes about the memory of the scan, not the size of the source, and gives
# the same games, bytes and messages as the scan.
. tests/scripts/index_setup.inc
# The peak memory comes from GNU time: without it the test is skipped.
. "$root/tests/scripts/need.inc"
need time
TIME=$need_path
need sqlite3

# stale NAME CMD ARGS...: nothing on stdout, one line on stderr about a change, exit 3.
stale() {
    name=$1; shift
    "$PGNKIT" "$@" >out 2>err; code=$?
    [ "$code" = 3 ] || fail "$name: $*: exit $code, expected 3"
    [ -s out ] && fail "$name: $*: standard output is not empty: $(head -c 200 out)"
    [ "$(wc -l <err)" -eq 1 ] || fail "$name: $*: $(wc -l <err) lines on stderr: $(head -c 300 err)"
    grep -q "changed" err || fail "$name: $*: no message about the change: $(cat err)"
}

cp "$root/testdata/sample.pgn" g.pgn
cp "$root/testdata/sample.pgn" other.pgn
"$PGNKIT" index -q g.pgn -o g.pgnkit || fail "index failed"

# An edit of the same length: the size stays, the time and the bytes change.
sed 's/Anderssen/Andersxen/' "$root/testdata/sample.pgn" >g.pgn
touch -d '2001-01-01' g.pgn
for args in "search -c" "search -c --white Anderssen" "search --white Tal" "search -l" \
        "stats" "stats --tree" "convert --format uci"; do
    # shellcheck disable=SC2086
    stale edited $args g.pgnkit
done
# The first input is fresh: its games are not printed either.
stale "edited, after a fresh input" search -c other.pgn g.pgnkit
stale "edited, after a fresh input" convert other.pgn g.pgnkit

# Records that promise more bytes than the source holds.
cp "$root/testdata/sample.pgn" g.pgn
"$PGNKIT" index -q g.pgn -o g.pgnkit || fail "index failed"
sqlite3 g.pgnkit "UPDATE sources SET indexed_bytes = indexed_bytes + 100000" \
    || fail "sqlite3 could not edit the records"
for args in "search -c" "search -c --player Carlsen" "convert" "stats" "convert -j2"; do
    # shellcheck disable=SC2086
    stale "indexed_bytes past the end" $args g.pgnkit
done

# The source cut in half, the records made to agree with its size and time.
"$PGNKIT" index -q g.pgn -o g.pgnkit || fail "index failed"
head -c 40000 "$root/testdata/sample.pgn" >g.pgn
touch -d @1700000000 g.pgn
sqlite3 g.pgnkit "UPDATE sources SET size = 40000, mtime_ns = 1700000000000000000" \
    || fail "sqlite3 could not edit the records"
for args in "search -c" "convert -j1" "convert -j2" "search --position 8/8/8/8/8/8/8/8"; do
    # shellcheck disable=SC2086
    stale "truncated" $args g.pgnkit
done

# Memory: a 42 MB source read through its database (every game read, one job) takes
# at most 20 MB more than the scan of it, which streams; mapped whole it took 47 MB.
i=0
while [ $i -lt 480 ]; do cat "$root/testdata/sample.pgn"; i=$((i + 1)); done >big.pgn
"$PGNKIT" index -q big.pgn -o big.pgnkit || fail "index of big.pgn failed"
# A sanitized build keeps freed memory in quarantine, which would be counted.
ASAN_OPTIONS="${ASAN_OPTIONS:-}${ASAN_OPTIONS:+:}quarantine_size_mb=0"
export ASAN_OPTIONS
"$TIME" -f %M -o scan.rss "$PGNKIT" search -c -j1 --comment zzz big.pgn >scan.out
"$TIME" -f %M -o db.rss "$PGNKIT" search -c -j1 --comment zzz big.pgnkit >db.out
cmp -s scan.out db.out || fail "big: the database counts $(cat db.out), the scan $(cat scan.out)"
scan=$(tail -n 1 scan.rss) db=$(tail -n 1 db.rss)
[ "$db" -le $((scan + 20000)) ] || fail "big: $db KB through the database, $scan KB scanned"

# Read a window at a time, a source gives the games, bytes and messages of the scan: 9 MB
# of valid and broken games (some end at an error, so no window starts at them).
cat "$root"/testdata/corpus/*.pgn "$root"/testdata/broken/*.pgn "$root"/testdata/sample.pgn >one.pgn
i=0
while [ $i -lt 8 ]; do cat one.pgn; i=$((i + 1)); done >mixed.pgn
"$PGNKIT" index -q mixed.pgn -o mixed.pgnkit || fail "index of mixed.pgn failed"
for j in 1 2; do
    for args in "convert --keep-invalid" "search --comment ." "validate"; do
        # shellcheck disable=SC2086
        "$PGNKIT" $args -j $j mixed.pgn >scan.out 2>scan.err; echo "exit $?" >>scan.err
        # shellcheck disable=SC2086
        "$PGNKIT" $args -j $j mixed.pgnkit >db.out 2>db.err; echo "exit $?" >>db.err
        cmp -s scan.out db.out || fail "mixed: $args -j $j: standard output differs from the scan"
        cmp -s scan.err db.err || fail "mixed: $args -j $j: standard error differs from the scan"
    done
done
exit $status
