#!/bin/sh
# index_driver_path.sh - pgnkit index reads its sources on the driver's path (one
# driver path: workers always, at -j 1 the calling thread is the worker): cmd/index.c
# says what is done with one game (struct driver_job: work, write) and has no loop
# over a reader or a pipeline of its own. Its databases stay what they were: the same
# dump at -j 1, 2 and 3, for a build and an update of appended sources, and the same
# messages; an archive source is read member by member, as the other commands read it.
. tests/scripts/index_setup.inc
. "$root/tests/scripts/need.inc"
need sqlite3

src=$root/cmd/index.c
grep -n 'pgn_reader_next\|pgn_reader_open\|pipeline_add\|pipeline_next\|pipeline_new\|batch_cursor' "$src" &&
    fail "cmd/index.c reads games itself (above), not through cmd/cli/driver.c"
grep -q 'struct driver_job index_job' "$src" || fail "cmd/index.c has no struct driver_job"
grep -q 'driver_read_fd\|driver_read(' "$src" && grep -q 'driver_read_span' "$src" ||
    fail "cmd/index.c does not read its sources (whole, and appended parts) through the driver"

cat "$root"/testdata/corpus/*.pgn "$root"/testdata/broken/*.pgn "$root/testdata/sample.pgn" >all.pgn
cp "$root/testdata/sample.pgn.gz" .
head -c 40000 all.pgn >grows.pgn
for j in 1 2 3; do
    "$PGNKIT" index -j $j all.pgn sample.pgn.gz -o "b$j.pgnkit" 2>"b$j.err" || fail "-j $j: build failed"
    sqlite3 "b$j.pgnkit" .dump >"b$j.dump"
    sed "s/b$j\.pgnkit/DB/" "b$j.err" >"b$j.msg"
done
for j in 2 3; do
    cmp -s b1.dump "b$j.dump" || fail "-j $j builds another database than -j 1"
    cmp -s b1.msg "b$j.msg" || fail "-j $j reports otherwise than -j 1: $(diff b1.msg "b$j.msg")"
done
# Hand counts: 39 games in sample.pgn, so 39 from its gzip and at least that many in all.pgn.
[ "$(sqlite3 b1.pgnkit "SELECT games FROM sources WHERE path = 'sample.pgn.gz'")" = 39 ] ||
    fail "sample.pgn.gz: not its 39 games"
grep -q 'invalid' b1.err || fail "no summary: $(cat b1.err)"
grep -q 'error' b1.err || fail "the errors of the broken games are not reported"

# An archive is read member by member, as every command reads it (the build's own
# loop read none of its members: 0 games).
cp "$root/testdata/formats/sample.pgn.7z" .
"$PGNKIT" index -q sample.pgn.7z -o z.pgnkit || fail "index of sample.pgn.7z failed"
[ "$(sqlite3 z.pgnkit "SELECT games FROM sources")" = 39 ] ||
    fail "sample.pgn.7z: $(sqlite3 z.pgnkit "SELECT games FROM sources") games indexed, not its 39"

# An update of an appended source, read from the last game's span start.
for j in 1 2 3; do
    head -c 40000 all.pgn >"g$j.pgn"
    touch -d '2020-01-01' "g$j.pgn"
    "$PGNKIT" index -q -j $j "g$j.pgn" -o "u$j.pgnkit" || fail "-j $j: first build failed"
    tail -c +40001 all.pgn >>"g$j.pgn"
    "$PGNKIT" index -q -j $j --update "u$j.pgnkit" || fail "-j $j: update failed"
    sqlite3 "u$j.pgnkit" "SELECT number, offset, length, line, col FROM game_rows" >"u$j.rows"
    "$PGNKIT" search -c "u$j.pgnkit" >"u$j.count"
done
for j in 2 3; do
    cmp -s u1.rows "u$j.rows" || fail "-j $j: the update records other spans than -j 1"
done
[ "$(cat u1.count)" = "$("$PGNKIT" search -c all.pgn)" ] ||
    fail "the updated database counts $(cat u1.count) games, all.pgn $("$PGNKIT" search -c all.pgn)"
exit $status
