#!/bin/sh
# shards.sh - the shard recipe of pgnkit-index(1) simulated on this machine: a
# PGN cut into S shards of whole games (search --split-every writes each game as
# read), one database per shard built by GNU parallel, and the questions answered
# by adding the shards' answers up: counts summed, trees merged with stats
# --merge. Each answer must be the one database's; the figures are the build and
# the queries against the one database, and the slowest shard alone (what S
# machines would take, each with its own shard, plus the merge).
#   tests/bench/shards.sh BUILD_DIR PGN S         (make bench SCALE=N SHARDS=S)
# SHARD_DIR  where the shards and their databases stay (default BUILD_DIR/shards)
# SHARD_DB   the one database of PGN (default: built in SHARD_DIR); its build's
#            figures are read from SHARD_DB.build when there (scale.sh writes it)
# SHARD_JOBS jobs at once (default 2); each build and query runs on one thread
# Exit status 1 when a summed or merged answer differs from the one database's.
set -u
build=${1:-build}
pgn=${2:?usage: shards.sh BUILD_DIR PGN SHARDS}
shards=${3:?usage: shards.sh BUILD_DIR PGN SHARDS}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 3
pgnkit=$(cd "$build" && pwd)/pgnkit
pgn=$(cd "$(dirname "$pgn")" && pwd)/$(basename "$pgn")
jobs=${SHARD_JOBS:-2}
dir=${SHARD_DIR:-$build/shards}
mkdir -p "$dir" || exit 3
dir=$(cd "$dir" && pwd)
tmp=$dir/run.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
command -v parallel >/dev/null || { echo "shards.sh: GNU parallel is needed (Debian: parallel)" >&2; exit 3; }
. "$root/tests/bench/scale.inc"

one=${SHARD_DB:-$dir/one.pgnkit}
if [ ! -s "$one" ]; then
    r=$(timed "$tmp/one.out" "$pgnkit" index -q -j "$jobs" "$pgn" -o "$one") || exit 3
    echo "wall $((${r% *} / 1000)) s, cpu $(cat "$tmp/cpu") s, peak RSS ${r#* } KB, -j $jobs" >"$one.build"
fi
games=$(sqlite3 "$one" "SELECT sum(games) FROM sources")
per=$(( (games + shards - 1) / shards ))
echo "== shards: $games games in $shards shards of up to $per games, $jobs jobs at once" \
     "(load$(uptime | sed 's/.*load average//'))"

# Cut: every game as read (invalid ones too), in order; a new shard each $per games.
if [ ! -s "$dir/shards.done" ] || [ "$(cat "$dir/shards.done")" != "$pgn $per" ]; then
    rm -f "$dir"/shard*.pgn "$dir"/shard*.pgnkit
    r=$(cd "$dir" && timed "$tmp/cut.out" "$pgnkit" search --split-every "$per" \
        --split-name 'shard{}.pgn' "$pgn") || { echo "shards.sh: cutting failed" >&2; exit 3; }
    echo "$pgn $per" >"$dir/shards.done"
    echo "   cut with search --split-every: $((${r% *} / 1000)) s"
fi
ls "$dir"/shard*.pgn >"$tmp/list"

# Build: one database per shard, $jobs at a time, each on one thread.
if [ ! -s "$dir/build.figures" ]; then
    r=$(timed "$tmp/build.out" parallel -j "$jobs" "'$pgnkit'" index -q -j 1 {} -o {.}.pgnkit :::: "$tmp/list") ||
        { echo "shards.sh: a shard's build failed" >&2; exit 3; }
    echo "wall $((${r% *} / 1000)) s, cpu $(cat "$tmp/cpu") s, peak RSS of one build ${r#* } KB" >"$dir/build.figures"
fi
sed 's/\.pgn$/.pgnkit/' "$tmp/list" >"$tmp/dbs"
echo "   build of the $shards shards (parallel -j $jobs, index -j 1 each): $(cat "$dir/build.figures")"
[ -s "$one.build" ] && echo "   build of the one database: $(cat "$one.build")"
echo "   sizes: one database $(wc -c <"$one") bytes, the shards $(wc -c $(cat "$tmp/dbs") | tail -n 1 | awk '{ print $1 }') bytes"

# Each question through the one database, through the shards (map: parallel;
# reduce: awk sums the counts, stats --merge the trees' JSON) and on the slowest
# shard alone. The map and reduce steps are scripts, so that /usr/bin/time
# measures them whole: sum.sh ARGS... sums search -c ARGS over the shards,
# merge.sh ARGS... merges their stats --tree ARGS (tree.sh DB ARGS... writes
# DB's tree as DB.json).
cat >"$tmp/sum.sh" <<EOF
parallel -j $jobs -k -q '$pgnkit' search -c "\$@" {} :::: '$tmp/dbs' | awk '{ s += \$1 } END { print s + 0 }'
EOF
cat >"$tmp/tree.sh" <<EOF
db=\$1; shift; '$pgnkit' stats --tree "\$@" --format json "\$db" >"\${db%.pgnkit}.json"
EOF
cat >"$tmp/merge.sh" <<EOF
parallel -j $jobs -q sh '$tmp/tree.sh' {} "\$@" :::: '$tmp/dbs' &&
    '$pgnkit' stats --merge \$(sed 's/\\.pgnkit\$/.json/' '$tmp/dbs')
EOF
slowest_shard() { # slowest_shard ARGS...: the most wall ms of one shard (warm, one run each)
    worst=0
    while read -r db; do
        r=$(best_of 1 "$tmp/shard.out" "$pgnkit" "$@" "$db")
        [ "${r% *}" -gt "$worst" ] && worst=${r% *}
    done <"$tmp/dbs"
    echo "$worst"
}
cat >"$tmp/queries" <<'EOF'
search|--player Carlsen
search|--eco B90-B99
search|--checkmate
search|--moves '1. e4 c5'
search|--position 'rnbqkb1r/pp2pppp/3p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R b KQkq - 2 5'
tree|
tree|--moves '1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3'
EOF
echo "   wall ms (best of 3, warm): one database | shards summed or merged (peak MB of one process) | slowest shard alone"
status=0
while IFS='|' read -r kind args; do
    eval "set -- $args"
    if [ "$kind" = search ]; then
        r1=$(best_of 3 "$tmp/one.ans" "$pgnkit" search -c "$@" "$one")
        r2=$(best_of 3 "$tmp/shards.ans" sh "$tmp/sum.sh" "$@")
        slow=$(slowest_shard search -c "$@")
        label="search -c $args"
    else
        r1=$(best_of 3 "$tmp/one.ans" "$pgnkit" stats --tree "$@" "$one")
        r2=$(best_of 3 "$tmp/shards.ans" sh "$tmp/merge.sh" "$@")
        slow=$(slowest_shard stats --tree --format json "$@")
        t0=$(now); "$pgnkit" stats --merge $(sed 's/\.pgnkit$/.json/' "$tmp/dbs") >/dev/null; t1=$(now)
        slow="$slow + merge $(ms "$t0" "$t1")"
        label="stats --tree $args"
    fi
    same=same
    cmp -s "$tmp/one.ans" "$tmp/shards.ans" || { same=DIFFERENT; status=1; }
    printf '      %-40.40s %6s | %6s (%4s MB) | %s: %s\n' "$label" "${r1% *}" "${r2% *}" \
        $((${r2#* } / 1024)) "$slow" "$same"
done <"$tmp/queries"
exit $status
