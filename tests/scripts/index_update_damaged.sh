#!/bin/sh
# index_update_damaged.sh - an update that finds an opening row of a chunk it
# does not rewrite damaged (the tree's counts and the path counts of the source
# are made again from every chunk) fails with exit status 3 and says the
# database is damaged, and the database is left as it was.
. tests/scripts/index_setup.inc
. "$root/tests/scripts/need.inc"
need sqlite3

# 5,000 games over four openings: the first chunk (4,096 games) is complete,
# so an update that appends games rewrites only the second.
games() {
    awk -v from="$1" -v n="$2" 'BEGIN {
        split("1. e4 e5 2. Nf3 Nc6|1. d4 d5 2. c4 e6|1. e4 c5 2. Nf3 d6|1. c4 e5 2. Nc3 Nf6", line, "|")
        for (i = from; i < from + n; i++)
            printf "[Event \"game %d\"]\n[Result \"*\"]\n\n%s *\n\n", i, line[1 + i % 4]
    }'
}
games 0 5000 >g.pgn
"$PGNKIT" index -q g.pgn -o g.pgnkit || fail "the build failed"
sqlite3 g.pgnkit "UPDATE game_openings SET data = zeroblob(length(data)) WHERE chunk = 0 AND row = 1" ||
    fail "cannot damage the row"
before=$(sqlite3 g.pgnkit "SELECT count(*), (SELECT sum(games) FROM path_counts) FROM game_rows")
games 5000 20 >>g.pgn
"$PGNKIT" index -q --update g.pgnkit >update.out 2>update.err
rc=$?
[ $rc -eq 3 ] || fail "an update over a damaged opening row: exit $rc, not 3"
grep -q "damaged" update.err || fail "no word of the damage: $(cat update.err)"
after=$(sqlite3 g.pgnkit "SELECT count(*), (SELECT sum(games) FROM path_counts) FROM game_rows")
[ "$after" = "$before" ] || fail "the database changed: $before, then $after"
[ "$before" = "5000|$(sqlite3 g.pgnkit "SELECT sum(games) FROM path_counts")" ] ||
    fail "the rows before: $before"

# A row of the position index under another bucket than its keys' (the
# bucket says which thread counts it): the same refusal, the same database.
games 0 5000 >g.pgn
rm -f g.pgnkit
"$PGNKIT" index -q g.pgn -o g.pgnkit || fail "the build failed"
free=0
while [ -n "$(sqlite3 g.pgnkit "SELECT 1 FROM game_positions WHERE chunk = 0 AND bucket = $free")" ]; do
    free=$((free + 1))
done
sqlite3 g.pgnkit "UPDATE game_positions SET bucket = $free WHERE chunk = 0 AND bucket =
    (SELECT max(bucket) FROM game_positions WHERE chunk = 0 AND bucket < 256)" ||
    fail "cannot move the row"
before=$(sqlite3 g.pgnkit "SELECT count(*), (SELECT count(*) FROM tree_counts) FROM game_rows")
games 5000 20 >>g.pgn
"$PGNKIT" index -q -j 2 --update g.pgnkit >update.out 2>update.err
rc=$?
[ $rc -eq 3 ] || fail "an update over a row under another bucket: exit $rc, not 3"
grep -q "damaged" update.err || fail "no word of the damage: $(cat update.err)"
after=$(sqlite3 g.pgnkit "SELECT count(*), (SELECT count(*) FROM tree_counts) FROM game_rows")
[ "$after" = "$before" ] || fail "the database changed: $before, then $after"
exit $status
