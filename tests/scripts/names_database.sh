#!/bin/sh
# names_database.sh - search --names (and stats --spellings) answer the same through a database as
# from the PGN file: the database keeps names as read, and the query maps
# them (sq_same_name(), which the scan and the database's plan both ask).
# The counts are by hand from testdata/names/games.pgn and spelling.ssp.
. tests/scripts/index_setup.inc
names=$root/testdata/names/spelling.ssp
cp "$root/testdata/names/games.pgn" .
"$PGNKIT" index -q games.pgn -o games.pgnkit || { echo "index failed"; exit 1; }
# expect COUNT CRITERIA...: both inputs give COUNT games.
expect() {
    want=$1; shift
    for input in games.pgn games.pgnkit; do
        got=$("$PGNKIT" search --names "$names" "$@" --count "$input" 2>&1)
        [ "$got" = "$want" ] || fail "search $* $input: $got games, expected $want"
    done
}
expect 2 --player "Bent Larsen"
expect 2 --white "Larsen, Bent"
expect 2 --player "Petrosian, T"
expect 1 --black "Tigran Petrosian"
expect 2 --event "Wijk aan Zee Hoogovens"
expect 2 --site "Wijk aan Zee"
expect 1 --player "Andersson U" --site Wijk-aan-Zee
expect 1 --player Hansen
expect 1 --player "Larsen, Bent" --event Club
expect 0 --player "Andersson, Ulf" --event Club
# stats --spellings reads the tags of the same games either way.
"$PGNKIT" stats --spellings --names "$names" --format csv games.pgn >scan.csv 2>&1
"$PGNKIT" stats --spellings --names "$names" --format csv games.pgnkit >db.csv 2>&1
cmp -s scan.csv db.csv || { fail "stats --spellings differs through the database:"; diff scan.csv db.csv; }
[ "$(wc -l <scan.csv)" -eq 13 ] || fail "stats --spellings: $(wc -l <scan.csv) lines, expected 13"
exit $status
