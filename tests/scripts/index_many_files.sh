#!/bin/sh
# index_many_files.sh - a database grows with the games, not with the files: a source
# of one game takes a row of game_positions per bucket its positions fall in, plus
# the chunk's directory (it took all 256 buckets, empty ones too: 314 MB for 20,000
# one-game files). The sparse rows answer --position and stats --tree exactly as the
# scan, through an update too; a missing row or directory is damage (exit 3), and a
# database of the older schema is refused with a message.
. tests/scripts/index_setup.inc
. "$root/tests/scripts/need.inc"
need sqlite3

mkdir f
awk '/^\[Event /{ n++ } { print > sprintf("f/g%03d.pgn", n) }' "$root/testdata/sample.pgn"
games=$(grep -c '^\[Event ' "$root/testdata/sample.pgn")
"$PGNKIT" index -q f/*.pgn -o m.pgnkit || fail "index failed"
[ "$(ls f | wc -l)" -eq "$games" ] || fail "split into $(ls f | wc -l) files, not $games"

# Plies 0 to 30 are walked: at most 31 keys, so 31 buckets, and a directory per game.
rows=$(sqlite3 m.pgnkit "SELECT count(*) FROM game_positions")
[ "$rows" -le $((games * 32)) ] || fail "$rows rows of game_positions for $games one-game files"
[ "$(sqlite3 m.pgnkit "SELECT count(*) FROM game_positions WHERE bucket = 256")" = "$games" ] \
    || fail "not one directory per chunk"

# same ARGS...: the scan of the files and the database answer the same.
same() {
    "$PGNKIT" "$@" f/*.pgn >scan.out 2>scan.err; echo "exit $?" >>scan.err
    "$PGNKIT" "$@" m.pgnkit >db.out 2>db.err; echo "exit $?" >>db.err
    cmp -s scan.out db.out && cmp -s scan.err db.err || fail "$*: the database differs from the scan"
}
for fen in 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1' \
        'rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2' \
        'r1bq1rk1/2p1bppp/p1np1n2/1p2p3/4P3/1BP2N1P/PP1P1PP1/RNBQR1K1 b - - 0 9' \
        '4k3/8/8/8/8/8/8/4K2R w K - 0 1'; do
    same search -c --position "$fen"
    same search -l --position "$fen"
done
same stats --tree --depth 3
same stats --tree --moves '1. e4 c5' --depth 2

# An update that appends a game to one file keeps the rows right.
cat f/g002.pgn >>f/g001.pgn
"$PGNKIT" index -q --update m.pgnkit || fail "update failed"
same search -c --position 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
same stats --tree --depth 2

# damage ARGS: the query through a copy damaged by the SQL $1 fails with exit 3.
damage() {
    cp m.pgnkit d.pgnkit
    sqlite3 d.pgnkit "$1" || fail "sqlite3 could not damage: $1"
    "$PGNKIT" search -c --position 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1' \
        d.pgnkit >out 2>err; code=$?
    [ "$code" = 3 ] && grep -q damaged err || fail "$1: exit $code, '$(cat out)', '$(cat err)'"
}
damage "DELETE FROM game_positions WHERE bucket = 256"
damage "DELETE FROM game_positions WHERE bucket <> 256"
damage "UPDATE game_positions SET data = zeroblob(32) WHERE bucket = 256"
# A row the directory does not name, in the bucket of the key after 1. e4 (0x82...: 130).
damage "INSERT INTO game_positions SELECT source, chunk, 130, checksum, data FROM game_positions g
    WHERE bucket = 256 AND NOT EXISTS (SELECT 1 FROM game_positions h
    WHERE h.source = g.source AND h.chunk = g.chunk AND h.bucket = 130)"

# The older schema, of 256 rows a chunk, is refused.
cp m.pgnkit old.pgnkit
sqlite3 old.pgnkit "UPDATE meta SET value = 5 WHERE name = 'schema_version'"
"$PGNKIT" search -c old.pgnkit >out 2>err; code=$?
[ "$code" = 3 ] && grep -q "schema 5 is older" err || fail "old schema: exit $code, '$(cat err)'"
# So is schema 10, whose rows of game_positions held 8 bytes a key and 3 a
# game: read as the smaller rows they would be damage, so the message asks
# for a rebuild instead.
sqlite3 old.pgnkit "UPDATE meta SET value = 10 WHERE name = 'schema_version'"
"$PGNKIT" search -c old.pgnkit >out 2>err; code=$?
[ "$code" = 3 ] && grep -q "schema 10 is older.*pgnkit index" err \
    || fail "schema 10: exit $code, '$(cat err)'"
exit $status
