#!/bin/sh
# index_shards.sh - several databases given together behave as one: search reads them
# in the order given (the same games, list and bytes as the source files together),
# stats counts them all; and README.md's recipe, run on this machine with GNU
# parallel (--sshlogin :), builds one database per shard and merges their stats
# exactly (stats --merge equals stats over all the games).
. tests/scripts/index_setup.inc
cat "$root"/testdata/corpus/*.pgn >s1.pgn
cat "$root"/testdata/sample.pgn "$root"/testdata/search/*.pgn >s2.pgn
cat "$root"/testdata/stats/*.pgn >s3.pgn
printf '%s\n' s1.pgn s2.pgn s3.pgn >shards

. "$root/tests/scripts/need.inc"
need parallel
# The README's recipe, with this machine as the only login.
parallel --sshlogin : --transferfile {} --return {.}.pgnkit \
    "$PGNKIT" index -q {} -o {.}.pgnkit :::: shards 2>parallel.err || fail "parallel index failed"
parallel --sshlogin : --transferfile {} --transferfile {.}.pgnkit --return {.}.json \
    "'$PGNKIT' stats --format json {.}.pgnkit > {.}.json" :::: shards 2>>parallel.err || fail "parallel stats failed"
for report in "" --players --openings --tree; do
    "$PGNKIT" stats $report s1.pgn s2.pgn s3.pgn >scan.out 2>&1
    "$PGNKIT" stats $report s1.pgnkit s2.pgnkit s3.pgnkit >db.out 2>&1
    cmp -s scan.out db.out || { fail "stats $report over the shards differs"; diff scan.out db.out | head; }
done
"$PGNKIT" stats s1.pgn s2.pgn s3.pgn >scan.out
"$PGNKIT" stats --merge s1.json s2.json s3.json >merged.out || fail "stats --merge failed"
cmp -s scan.out merged.out || { fail "merged shard stats differ"; diff scan.out merged.out | head; }

# search in the order given, as the source files in that order.
for args in "--list --player ." "--count --eco B" "--moves 1.e4" "--format json --result 1-0"; do
    "$PGNKIT" search $args s2.pgn s1.pgn s3.pgn >scan.out 2>&1
    "$PGNKIT" search $args s2.pgnkit s1.pgnkit s3.pgnkit >db.out 2>&1
    cmp -s scan.out db.out || { fail "search $args over the shards differs"; diff scan.out db.out | head; }
done
# A database built over several files at once is the same as its shards.
"$PGNKIT" index -q s1.pgn s2.pgn s3.pgn -o all.pgnkit
"$PGNKIT" search --list all.pgnkit >one.out
"$PGNKIT" search --list s1.pgnkit s2.pgnkit s3.pgnkit >many.out
cmp -s one.out many.out || fail "one database of three files differs from three shards"
exit $status
