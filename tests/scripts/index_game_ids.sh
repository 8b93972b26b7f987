#!/bin/sh
# index_game_ids.sh - a database of two sources updated in turn finds each game's row by
# its number through game_ids (a row per run of consecutive ids, no index on game_rows):
# every listing and every read of games through the database equals the scan of the
# sources, after appends to the first source behind the second's games, an append to
# the second, and a rewrite of the second (re-indexed whole). The runs are counted by
# hand: a fresh build makes one per source; an append re-reads the source's last game,
# so it cuts the run before that game and starts one from it.
. tests/scripts/index_setup.inc
. "$root/tests/scripts/need.inc"
need sqlite3

# games FIRST LAST: games FIRST..LAST (from 1) of sample.pgn.
games() {
    awk -v first="$1" -v last="$2" '/^\[Event /{ n++ } n >= first && n <= last' \
        "$root/testdata/sample.pgn"
}

# same WHEN: each listing and read through the database (search without -l reads the
# games it selects by their numbers) is the scan's.
same() {
    for args in "search -l" "search -l --player Pacher,M" "search -l --player falc0nfeast" \
            "search -c --black Anderssen" "convert" "search --player Pacher,M" \
            "search --player cmrade" "search --black Anderssen -j 2"; do
        # shellcheck disable=SC2086
        "$PGNKIT" $args a.pgn b.pgn >scan.out 2>scan.err; code=$?; echo "exit $code" >>scan.err
        [ $code = 0 ] && [ -s scan.out ] || fail "$1: $args: the scan gives exit $code or nothing"
        # shellcheck disable=SC2086
        "$PGNKIT" $args ab.pgnkit >db.out 2>db.err; echo "exit $?" >>db.err
        cmp -s scan.out db.out || fail "$1: $args: standard output differs from the scan"
        cmp -s scan.err db.err || fail "$1: $args: standard error differs from the scan"
    done
}

# runs WHEN EXPECTED: game_ids holds the runs EXPECTED (source|number|games, in order).
runs() {
    got=$(sqlite3 ab.pgnkit "SELECT source || '|' || number || '|' || games FROM game_ids
                             ORDER BY source, number" | tr '\n' ' ')
    [ "$got" = "$2" ] || fail "$1: game_ids holds '$got', expected '$2'"
}

games 1 15 >a.pgn
games 26 32 >b.pgn
"$PGNKIT" index -q a.pgn b.pgn -o ab.pgnkit || fail "index failed"
runs built "1|1|15 2|1|7 "
[ -z "$(sqlite3 ab.pgnkit "SELECT name FROM sqlite_master WHERE name='games_source'")" ] ||
    fail "the database still has the index games_source"
same built

# Ten games appended to a, stored after b's: game 15 is read again.
games 16 25 >>a.pgn
"$PGNKIT" index -q --update ab.pgnkit || fail "update of a failed"
runs "a appended" "1|1|14 1|15|11 2|1|7 "
same "a appended"

# Seven games appended to b.
games 33 39 >>b.pgn
"$PGNKIT" index -q --update ab.pgnkit || fail "update of b failed"
runs "b appended" "1|1|14 1|15|11 2|1|6 2|7|8 "
same "b appended"

# b edited in its first game: re-indexed whole, its old runs gone.
sed 's/cmrade/cmradf/' b.pgn >b.new && mv b.new b.pgn
"$PGNKIT" index -q --update ab.pgnkit || fail "update of the edited b failed"
runs "b edited" "1|1|14 1|15|11 2|1|14 "
same "b edited"
[ "$(sqlite3 ab.pgnkit "SELECT count(*) FROM game_rows")" = 39 ] ||
    fail "b edited: game_rows holds $(sqlite3 ab.pgnkit "SELECT count(*) FROM game_rows") rows, expected 39"
[ "$(sqlite3 ab.pgnkit "SELECT count(*) FROM tags WHERE game NOT IN (SELECT id FROM game_rows)")" = 0 ] ||
    fail "b edited: tags of dropped games are left"
exit $status
