#!/bin/sh
# index_keys_features.sh - rating ranges and the game features through the tag keys
# (game_keys, lib/index/index_keys.h): a database answers them as the scan does, and
# a count that the keys decide reads no record.
# SPDX-License-Identifier: MIT
#
# Ratings are keyed by 16 points and plies by 8, and each game's posting keeps the
# points the key drops, so a range whose ends cut a key is still exact from the keys.
# The ranges below start and end on the 16-point grid, one off it, inside one key,
# across many keys and past every rating (no game). The features (--checkmate ...,
# --repetition N, and the where-fields said true) have keys of their own; each is
# asked alone, after a tag criterion and before one. Each case is counted and listed,
# through the database and by the scan, and the outputs must be the same.
# Then the records' blobs are zeroed: a count the keys decide alone must still be
# the scan's (a read of a record would fail its checksum, exit 3).
. tests/scripts/index_setup.inc
. "$root/tests/scripts/need.inc"
need sqlite3
cat "$root"/testdata/corpus/*.pgn "$root"/testdata/index/*.pgn "$root"/testdata/search/*.pgn \
    >games.pgn
"$PGNKIT" index -q games.pgn -o games.pgnkit || { echo "index failed"; exit 1; }

# same MODE ARGS...: search MODE through the database and by the scan agree.
same() {
    mode=$1
    shift
    "$PGNKIT" search "$mode" "$@" games.pgn >scan.out 2>scan.err; echo "exit $?" >>scan.err
    "$PGNKIT" search "$mode" "$@" games.pgnkit >db.out 2>db.err; echo "exit $?" >>db.err
    cmp -s scan.out db.out && cmp -s scan.err db.err ||
        fail "search $mode $*: the database differs from the scan ($(head -c 60 scan.out | head -n 1) / $(head -c 60 db.out | head -n 1))"
}

# The ratings: lo on the grid (2496, 2512), one off it either way, with widths that
# stay inside a key, end on the grid, cross one key or many.
for field in --white-elo --black-elo; do
    for lo in 2303 2495 2496 2497 2511 2512; do
        for width in 0 6 15 16 40 200; do
            same --count "$field" "$lo-$((lo + width))"
            same --list "$field" "$lo-$((lo + width))"
        done
    done
    same --count "$field" 3900-4000
    same --count "$field" 0-7
    same --count "$field" 2751-
    same --count "$field" -1199
done
for args in "--plies-min 37 --plies-max 42" "--plies-min 40 --plies-max 47" \
        "--plies-min 201" "--plies-min 43 --plies-max 43" "--plies-min 9000"; do
    eval "same --count $args"
    eval "same --list $args"
done

# The features, alone and with tags; where-fields said true.
while IFS= read -r c; do
    eval "set -- $c"
    same --count "$@"
    same --list "$@"
done <<'EOF'
--checkmate
--stalemate
--dead-position
--fifty
--seventyfive
--underpromotion
--repetition 3
--repetition 4
--repetition 255
--repetition 256
--checkmate --result 1-0
--checkmate --result 1/2-1/2
--player Carlsen --checkmate
--checkmate --white-elo 2400-2617
--eco B --underpromotion
--stalemate --date-from 2000
--repetition 4 --black-elo 2001-2900
--where 'checkmate'
--where 'checkmate and white_elo > 2400'
--where 'stalemate = true'
--where 'underpromotion != false and year > 1990'
--where 'threefold and plies > 100'
--where 'fivefold'
--where 'plies > 100 and checkmate'
--where 'checkmate = false'
--where 'not checkmate and white_elo > 2600'
EOF

# Counts the keys decide alone: with every record blob zeroed they are still the scan's.
for args in "--checkmate" "--stalemate" "--underpromotion" "--repetition 4" "--fifty" \
        "--white-elo 2507-2519" "--black-elo 2601-2605" "--white-elo 2497-2497" \
        "--white-elo 3900-4000" "--plies-min 37 --plies-max 42"; do
    eval "\"\$PGNKIT\" search -c $args games.pgn" >scan.out
    cp games.pgnkit zeroed.pgnkit
    sqlite3 zeroed.pgnkit "UPDATE game_records SET data = zeroblob(length(data))" ||
        fail "cannot zero the records"
    eval "\"\$PGNKIT\" search -c $args zeroed.pgnkit" >db.out 2>db.err
    cmp -s scan.out db.out || fail "search -c $args read a record: $(cat db.out db.err)"
done
# Damaged feature keys (field 12, lib/index/index_keys.h): a posting whose high bits
# are set (a feature keeps none) or places out of order is a damaged database, exit 3.
for blob in "x'0010'" "x'05000300'"; do
    cp games.pgnkit damaged.pgnkit
    sqlite3 damaged.pgnkit "UPDATE game_keys SET games = $blob WHERE field = 12" ||
        fail "cannot damage the keys"
    "$PGNKIT" search --list --checkmate damaged.pgnkit >out 2>err
    rc=$?
    [ $rc -eq 3 ] && grep -q "damaged" err || fail "keys $blob: exit $rc, $(cat out err)"
done
[ $status = 0 ] && echo "ok: rating ranges, plies and game features through the keys are the scan's"
exit $status
