#!/bin/sh
# index_fastpath.sh - what the database answers alone. A count (search -c, -q) by the
# criteria its records decide (names, ratings, dates, ECO, result, plies, --moves,
# the game features such as --checkmate and --repetition, the material, --where on
# those fields) needs no source: it works with the source gone, and gives the scan's count. Printing games,
# or a criterion the records cannot decide, still needs the source and says so.
# Damaged records (a blob cut short, a byte changed, a blob missing) make the query
# fail with exit 3, never a wrong count.
. tests/scripts/index_setup.inc
. "$root/tests/scripts/need.inc"
need sqlite3
cat "$root"/testdata/corpus/*.pgn "$root"/testdata/index/*.pgn >games.pgn
"$PGNKIT" index -q games.pgn -o games.pgnkit || { echo "index failed"; exit 1; }
queries="--moves '1. e4 c5'|--checkmate|--repetition 3 --elo-min 2000|--underpromotion|--elo-min 2400|--site Wijk --date-from 1995|--eco B20-B99 --result 1-0|--plies-max 20|--ignore-case --site moscow --black-elo 2000-|--material-either KRP:KR|--material-end KQ:K|--material KR:KR --material-plies 1|--where 'white_elo > 2400 and result = \"1-0\" or checkmate'|--where 'player ~ \"Carlsen\" and plies > 20 and not material = \"KQ:K\"'"
scan_counts=$(IFS='|'; for q in $queries; do eval "\"$PGNKIT\" search -c $q games.pgn"; done)

mv games.pgn away.pgn
db_counts=$(IFS='|'; for q in $queries; do eval "\"$PGNKIT\" search -c $q games.pgnkit"; done)
[ "$db_counts" = "$scan_counts" ] || fail "counts without the source: '$db_counts', not '$scan_counts'"
"$PGNKIT" search -q --elo-min 2400 games.pgnkit || fail "search -q without the source failed"
for q in "--comment good" \
        "--white Carlsen" "--where 'round = \"1\"'" "--where 'White ~ \"Anderssen\"'"; do
    # comments, a game whose White tag repeats (testdata/index/tricky.pgn), a tag the
    # records do not hold
    eval "\"\$PGNKIT\" search -c $q games.pgnkit" >out 2>err
    [ $? -eq 3 ] && grep -q "cannot open 'games.pgn'" err \
        || fail "search -c $q did not fail without the source: $(cat err)"
done
"$PGNKIT" search --elo-min 2400 games.pgnkit >out 2>err
[ $? -eq 3 ] && grep -q "cannot open 'games.pgn'" err \
    || fail "printing games did not fail without the source: $(cat err)"
mv away.pgn games.pgn

# an update appends records: the counts stay the scan's
cat "$root"/testdata/sample.pgn "$root"/testdata/index/tricky.pgn >>games.pgn
"$PGNKIT" index -q --update games.pgnkit || fail "update failed"
for q in "--elo-min 2400" "--player Anderssen" "--result 1-0 --date-to 1900" "--moves '1. e4 e5'"; do
    a=$(eval "\"\$PGNKIT\" search -c $q games.pgnkit") b=$(eval "\"\$PGNKIT\" search -c $q games.pgn")
    [ "$a" = "$b" ] || fail "after the update, search -c $q: $a, not $b"
done

# damaged records: each damage alone, on a fresh copy
for damage in "UPDATE game_records SET data = substr(data, 1, 100) WHERE chunk = 0" \
        "UPDATE game_records SET data = zeroblob(length(data)) WHERE chunk = 0" \
        "UPDATE game_records SET checksum = checksum + 1" \
        "DELETE FROM game_records" \
        "UPDATE game_openings SET data = zeroblob(length(data)) WHERE row = 1" \
        "DELETE FROM game_openings WHERE row = 2" \
        "UPDATE game_materials SET data = substr(data, 1, length(data) - 3)" \
        "UPDATE game_materials SET checksum = checksum + 1" \
        "DELETE FROM game_materials"; do
    cp games.pgnkit damaged.pgnkit
    sqlite3 damaged.pgnkit "$damage" || fail "sqlite3 could not damage: $damage"
    "$PGNKIT" search -c --elo-min 2400 --moves '1. e4 c5' --material-either 'KR*B*N*P*:KR*B*N*P*' \
        damaged.pgnkit >out 2>err
    rc=$?
    [ $rc -eq 3 ] && grep -q "damaged" err \
        || fail "$damage: exit $rc, '$(cat out)', '$(cat err)'"
done

# the schema: names once, games a view with the names, records in blobs
[ "$(sqlite3 games.pgnkit "SELECT value FROM meta WHERE name = 'schema_version'")" = 8 ] \
    || fail "schema_version is not 8"
[ "$(sqlite3 games.pgnkit "SELECT count(*) FROM games WHERE black = 'Carlsen,M'")" \
    = "$("$PGNKIT" search -c --black '^Carlsen,M$' games.pgn)" ] \
    || fail "the games view does not give the names"
exit $status
