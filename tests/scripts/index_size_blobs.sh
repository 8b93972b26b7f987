#!/bin/sh
# index_size_blobs.sh - the opening rows stored squeezed (rows 11 to 30 of game_openings,
# lib/index/index_records.h) are plain zstd frames: zstd itself, not pgnkit, unpacks each
# to two bytes a game of its chunk, the plain rows 0 to 10 hold those bytes as they are,
# and the squeezed rows take far less than the moves they hold. A database of the corpora
# is the test; the answers through it are the other index tests' (index_differential.sh,
# index_fastpath.sh).
. tests/scripts/index_setup.inc
. "$root/tests/scripts/need.inc"
need sqlite3
need zstd
cat "$root"/testdata/corpus/*.pgn "$root"/testdata/index/*.pgn >all.pgn
"$PGNKIT" index -q all.pgn -o all.pgnkit || fail "index failed"
games=$(sqlite3 all.pgnkit "SELECT sum(games) FROM game_records")
[ "$games" -gt 100 ] || fail "only '$games' games"

# Every opening row, unpacked by zstd: two bytes a game of its chunk.
sqlite3 all.pgnkit "SELECT o.chunk, o.row, r.games FROM game_openings o JOIN game_records r
    ON r.source = o.source AND r.chunk = o.chunk" >rows
[ "$(wc -l <rows)" -eq "$(($(sqlite3 all.pgnkit "SELECT count(*) FROM game_records") * 31))" ] \
    || fail "not 31 opening rows a chunk"
while IFS='|' read -r chunk row n; do
    sqlite3 all.pgnkit "SELECT writefile('frame', data) FROM game_openings
        WHERE chunk = $chunk AND row = $row" >/dev/null
    if [ "$row" -ge 11 ]; then size=$(zstd -q -d -c frame | wc -c); else size=$(wc -c <frame); fi
    [ "$size" -eq $((2 * n)) ] || fail "opening row $row of chunk $chunk: $size bytes, not $((2 * n))"
done <rows

# Squeezed: moves repeat from game to game, so rows 11 to 30 take less than the
# two bytes a game they hold (59% on these 505 varied games, 69% on the
# 109,197 of the benchmark file); three quarters leaves room.
stored=$(sqlite3 all.pgnkit "SELECT sum(length(data)) FROM game_openings WHERE row >= 11")
[ "$((4 * stored))" -lt $((3 * 20 * 2 * games)) ] \
    || fail "opening rows take $stored bytes for $games games"

# A chunk of games all alike squeezes to fewer bytes than it has games: that
# is no damage (the check of a blob's least size was one byte a game).
i=0
while [ $i -lt 4200 ]; do
    printf '[Event "e"]\n[White "a"]\n[Black "b"]\n[Result "*"]\n\n1. e4 e5 *\n\n'
    i=$((i + 1))
done >same.pgn
"$PGNKIT" index -q same.pgn -o same.pgnkit || fail "index of alike games failed"
[ "$("$PGNKIT" search -c --moves '1. e4 e5' same.pgnkit 2>&1)" = 4200 ] \
    || fail "alike games: $("$PGNKIT" search -c --moves '1. e4 e5' same.pgnkit 2>&1)"
[ "$("$PGNKIT" stats --tree --format json same.pgnkit 2>&1 | grep -c '"games": *4200')" -gt 0 ] \
    || fail "alike games: the tree does not count 4200"
exit $status
