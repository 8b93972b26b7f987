#!/bin/sh
# index_jobs.sh - a build on worker threads writes the database one thread writes: with
# -j 1, 2 and 3 the same rows (sqlite3 .dump), the same reports of invalid games in the
# same order, the same summary; so does an update of appended games, and a build that
# reads comments nested; an update's material runs are a build's. The sources: the corpora, broken and tricky games, a gzip file.
. tests/scripts/index_setup.inc
. "$root/tests/scripts/need.inc"
need sqlite3
cat "$root"/testdata/corpus/*.pgn "$root"/testdata/broken/*.pgn "$root"/testdata/index/*.pgn \
    "$root"/testdata/reader/*.pgn >all.pgn
cp "$root/testdata/sample.pgn.gz" .
n=$(grep -c '^\[Event ' all.pgn)
head -n $(($(wc -l <all.pgn) / 2)) all.pgn >half.pgn

for j in 1 2 3; do
    "$PGNKIT" index -j $j all.pgn sample.pgn.gz -o j$j.pgnkit 2>j$j.err || { echo "index -j $j failed"; status=1; }
    sqlite3 j$j.pgnkit .dump >j$j.sql
    cp half.pgn grow$j.pgn
    "$PGNKIT" index -q -j $j grow$j.pgn -o grow$j.pgnkit
    sed -n "$(($(wc -l <half.pgn) + 1)),\$p" all.pgn >>grow$j.pgn
    "$PGNKIT" index -j $j --update grow$j.pgnkit 2>grow$j.err || { echo "update -j $j failed"; status=1; }
    sqlite3 grow$j.pgnkit "SELECT * FROM game_rows; SELECT * FROM tags; SELECT * FROM game_positions;
      SELECT * FROM game_records; SELECT * FROM game_walks; SELECT * FROM game_openings;
      SELECT * FROM game_materials" >grow$j.sql
    "$PGNKIT" index -q -j $j --nested-comments all.pgn -o nested$j.pgnkit
    sqlite3 nested$j.pgnkit .dump >nested$j.sql
done
grep -q "error" j1.err || { echo "no invalid game reported: the test would not see their order"; status=1; }
for j in 2 3; do
    for f in j$j.sql j$j.err grow$j.sql grow$j.err nested$j.sql; do
        one=$(echo "$f" | sed "s/$j\./1./")
        sed "s/grow$j/grow1/g; s/'j$j\.pgnkit'/'j1.pgnkit'/" "$f" | cmp -s "$one" - ||
            { echo "-j $j: $f differs from -j 1's"; diff "$one" "$f" | head -n 4 | cut -c 1-160; status=1; }
    done
done
# An update goes on filling the last chunk: it keeps its first games' rows as they were.
q="SELECT chunk, games, checksum, hex(data) FROM game_materials WHERE source = 1"
[ "$(sqlite3 grow1.pgnkit "$q")" = "$(sqlite3 j1.pgnkit "$q")" ] ||
    { echo "update: the material runs differ from a build's"; status=1; }
games=$(sqlite3 j2.pgnkit "SELECT count(*) FROM game_rows")
[ "$games" -gt "$n" ] || { echo "-j 2: $games games, fewer than the $n of all.pgn"; status=1; }
[ "$status" = 0 ] && echo "index -j 1, 2, 3: the same database of $games games, updates and nested too"
exit "$status"
