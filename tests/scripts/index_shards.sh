#!/bin/sh
# index_shards.sh - several databases given together behave as one: search reads them
# in the order given (the same games, list and bytes as the source files together),
# stats counts them all; and README.md's recipe, run on this machine with GNU
# parallel (--sshlogin :), builds one database per shard and merges their stats
# exactly (stats --merge equals stats over all the games).
. tests/scripts/index_setup.inc
cat "$root"/testdata/corpus/*.pgn >s1.pgn
cat "$root"/testdata/sample.pgn "$root"/testdata/search/*.pgn >s2.pgn
cat "$root"/testdata/stats/*.pgn >s3.pgn
printf '%s\n' s1.pgn s2.pgn s3.pgn >shards

. "$root/tests/scripts/need.inc"
need parallel
# The README's recipe, with this machine as the only login.
parallel --sshlogin : --transferfile {} --return {.}.pgnkit \
    "$PGNKIT" index -q {} -o {.}.pgnkit :::: shards 2>parallel.err || fail "parallel index failed"
parallel --sshlogin : --transferfile {} --transferfile {.}.pgnkit --return {.}.json \
    "'$PGNKIT' stats --format json {.}.pgnkit > {.}.json" :::: shards 2>>parallel.err || fail "parallel stats failed"
for report in "" --players --openings --tree; do
    "$PGNKIT" stats $report s1.pgn s2.pgn s3.pgn >scan.out 2>&1
    "$PGNKIT" stats $report s1.pgnkit s2.pgnkit s3.pgnkit >db.out 2>&1
    cmp -s scan.out db.out || { fail "stats $report over the shards differs"; diff scan.out db.out | head; }
done
"$PGNKIT" stats s1.pgn s2.pgn s3.pgn >scan.out
"$PGNKIT" stats --merge s1.json s2.json s3.json >merged.out || fail "stats --merge failed"
cmp -s scan.out merged.out || { fail "merged shard stats differ"; diff scan.out merged.out | head; }

# Each shard answering alone, the answers added up (the map and reduce of
# pgnkit-index(1)'s SCALE on one machine): counts summed, trees' JSON merged,
# equal to the scan of the three files (the oracle) and to one database of them.
"$PGNKIT" index -q s1.pgn s2.pgn s3.pgn -o all.pgnkit
for q in "--player Carlsen" "--eco B" "--moves 1.e4" "--checkmate" "--result 1/2-1/2" "--plies-min 200"; do
    scan=$("$PGNKIT" search -c $q s1.pgn s2.pgn s3.pgn)
    sum=0
    for s in s1 s2 s3; do sum=$((sum + $("$PGNKIT" search -c $q $s.pgnkit))); done
    [ "$sum" = "$scan" ] || fail "search -c $q: the shards sum to $sum, the scan counts $scan"
    [ "$("$PGNKIT" search -c $q all.pgnkit)" = "$scan" ] || fail "search -c $q: one database differs"
done
tree_merge() { # tree_merge ARGS...: stats --tree ARGS of each shard, merged into merged.out
    for s in s1 s2 s3; do "$PGNKIT" stats --tree "$@" --format json $s.pgnkit >$s.tree.json; done
    "$PGNKIT" stats --merge s1.tree.json s2.tree.json s3.tree.json >merged.out
}
for m in "" "1. e4" "1. e4 c5 2. Nf3" "1. d4 Nf6 2. c4 e6" "1. h4 h5 2. a4"; do
    "$PGNKIT" stats --tree ${m:+--moves "$m"} s1.pgn s2.pgn s3.pgn >scan.out
    "$PGNKIT" stats --tree ${m:+--moves "$m"} all.pgnkit >one.out
    tree_merge ${m:+--moves "$m"}
    cmp -s scan.out merged.out || { fail "merged trees at '$m' differ from the scan"; diff scan.out merged.out | head; }
    cmp -s scan.out one.out || fail "one database's tree at '$m' differs from the scan"
done
tree_merge --depth 3 --by rating
"$PGNKIT" stats --tree --depth 3 --by rating s1.pgn s2.pgn s3.pgn >scan.out
cmp -s scan.out merged.out || fail "merged trees by rating to depth 3 differ from the scan"
# The cut of the recipe: one file into shards of whole games, as read.
cat s1.pgn s2.pgn s3.pgn >whole.pgn
"$PGNKIT" search --split-every 200 --split-name 'cut{}.pgn' whole.pgn
ls cut*.pgn | sort -V >cuts
[ "$(wc -l <cuts)" -ge 3 ] || fail "search --split-every 200 made $(cat cuts)"
for f in $(sed '$d' cuts); do
    [ "$("$PGNKIT" search -c $f)" = 200 ] || fail "$f does not hold 200 games"
done
cat $(cat cuts) | cmp -s - whole.pgn || fail "the cut shards together are not the file"
# pgnkit-index(1)'s recipe with each shard kept on its own host, through a
# stand-in for ssh that runs the remote command here.
mkdir bin
printf '#!/bin/sh\nshift\nexec sh -c "$*"\n' >bin/ssh
chmod +x bin/ssh
ln -s "$PGNKIT" bin/pgnkit
for f in $(cat cuts); do echo "host$f $tmp/${f%.pgn}"; done >hosts
(
    PATH=$tmp/bin:$PATH
    parallel --colsep ' ' ssh {1} pgnkit index -q {2}.pgn -o {2}.pgnkit :::: hosts
    parallel --colsep ' ' ssh {1} pgnkit search -c --eco B90-B99 {2}.pgnkit :::: hosts |
        awk '{ n += $1 } END { print n }' >recipe.count
    parallel --colsep ' ' "ssh {1} \"pgnkit stats --tree --moves '1. e4 c5' \
        --format json {2}.pgnkit\" > {#}.json" :::: hosts
    pgnkit stats --merge [0-9]*.json >recipe.tree
) 2>>parallel.err
[ "$(cat recipe.count)" = "$("$PGNKIT" search -c --eco B90-B99 whole.pgn)" ] || fail "the recipe's count differs"
"$PGNKIT" stats --tree --moves '1. e4 c5' whole.pgn | cmp -s - recipe.tree || fail "the recipe's tree differs"

# search in the order given, as the source files in that order.
for args in "--list --player ." "--count --eco B" "--moves 1.e4" "--format json --result 1-0"; do
    "$PGNKIT" search $args s2.pgn s1.pgn s3.pgn >scan.out 2>&1
    "$PGNKIT" search $args s2.pgnkit s1.pgnkit s3.pgnkit >db.out 2>&1
    cmp -s scan.out db.out || { fail "search $args over the shards differs"; diff scan.out db.out | head; }
done
# A database built over several files at once is the same as its shards.
"$PGNKIT" search --list all.pgnkit >one.out
"$PGNKIT" search --list s1.pgnkit s2.pgnkit s3.pgnkit >many.out
cmp -s one.out many.out || fail "one database of three files differs from three shards"
exit $status
