# stats --tree --by rating|speed: each move's games and W/D/B per lichess
# rating group (the players' mean: 0, 1000, 1200, 1400, 1600, 1800, 2000,
# 2200, 2500; unrated) or speed (base + 40 * increment: ultraBullet < 30 s,
# bullet < 180, blitz < 480, rapid < 1500, classical; "-" or a day a move is
# correspondence). Hand counts on testdata/stats/buckets.pgn (8 games):
#   rating: 0 b6, 1000 b3, 1600 b1 b4, 2000 b7 b8, 2500 b2, unrated b5
#   speed: ultraBullet b6, bullet b3, blitz b1, rapid b4, classical b2,
#          correspondence b5 b7, unknown b8 (no TimeControl)
#   e4 (b1 1-0, b2 =, b4 0-1, b5 1-0, b7 =): 1600 2 50/0/50, 2000 1 0/100/0,
#      2500 1 0/100/0, unrated 1 100/0/0; correspondence 2 50/50/0
#   d4 (b3 0-1, b6 1-0): 0 1 100/0/0, 1000 1 0/0/100; c4 (b8 *): 2000 1
B=testdata/stats/buckets.pgn
"$PGNKIT" stats --tree --by rating "$B"
"$PGNKIT" stats --tree --by speed --format csv "$B"
"$PGNKIT" stats --tree --by rating --depth 2 --format tsv "$B" | cut -f1,2,13-
# The JSON aggregate keeps the buckets; two halves merge into the whole.
t=$(mktemp -d) && trap 'rm -rf "$t"' EXIT
"$PGNKIT" stats --tree --by speed --format json "$B" | grep -o '"by":"speed"'
"$PGNKIT" stats --tree --by speed --format json --event 'b[1-4]' "$B" >"$t/a.json"
"$PGNKIT" stats --tree --by speed --format json --event 'b[5-8]' "$B" >"$t/b.json"
"$PGNKIT" stats --tree --by speed --format csv "$B" >"$t/whole.csv"
"$PGNKIT" stats --merge --format csv "$t/a.json" "$t/b.json" | cmp - "$t/whole.csv" && echo "merged halves: the whole"
"$PGNKIT" stats --tree --format json "$B" >"$t/plain.json"
(cd "$t" && "$PGNKIT" stats --merge a.json plain.json; echo "exit $?")
# A database counts the tree by rating itself: the same rows as the scan.
"$PGNKIT" index -q "$B" -o "$t/b.pgnkit"
"$PGNKIT" stats --tree --by rating --format csv "$B" >"$t/scan.csv"
"$PGNKIT" stats --tree --by rating --format csv "$t/b.pgnkit" | cmp - "$t/scan.csv" && echo "database by rating: as the scan"
"$PGNKIT" stats --tree --by speed --format csv "$t/b.pgnkit" | cmp - "$t/whole.csv" && echo "database by speed: as the scan"
"$PGNKIT" stats --by rating "$B"; echo "exit $?"
"$PGNKIT" stats --tree --by elo "$B"; echo "exit $?"
