#!/bin/sh
# scale.sh - pgnkit index at N games: the shared corpora and the benchmark file
# repeated into an N-game PGN (as run.sh makes its 1M database), its database's
# build (time, peak memory, the bytes of each table), issue 40's query table
# (and a listing's peak memory) through the database (wall time warm, best of 3;
# peak memory), and the same queries scanning the PGN once, whose answers must
# be the database's.
#   tests/bench/scale.sh BUILD_DIR N             (make bench SCALE=N)
# SCALE_DIR  where the PGN and the database stay between runs (default BUILD_DIR/scale)
# SCALE_PGN  an N-game PGN made already (read only); SCALE_DB its database (read
#            only; without it the database is built in SCALE_DIR)
# SCALE_JOBS threads of the build and of the scans (default 2)
# SCALE_SCAN=0 leaves the scans out (each takes minutes at 10M games);
#            SCALE_TABLE=0 runs each query once through the database (no timing)
# Exit status 1 when an answer through the database differs from the scan's.
set -u
build=${1:-build}
want=${2:?usage: scale.sh BUILD_DIR GAMES}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 3
pgnkit=$(cd "$build" && pwd)/pgnkit
jobs=${SCALE_JOBS:-2}
dir=${SCALE_DIR:-$build/scale}
mkdir -p "$dir" || exit 3
dir=$(cd "$dir" && pwd)
bench_gz=${BENCH_FILE:-$root/../shared/testdata/bench/otb_pgnmentor_players_Adams-GurevichD.pgn.gz}
corpus=$(dirname "$bench_gz")/../corpus
tmp=$dir/run.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
. "$root/tests/bench/scale.inc"

# The PGN: one copy of the corpora and the benchmark file is counted, then
# written as many times as it takes to reach N games (run.sh's order).
pgn=${SCALE_PGN:-$dir/scale-$want.pgn}
if [ ! -s "$pgn" ]; then
    [ -f "$bench_gz" ] && [ -d "$corpus" ] || { echo "scale.sh: no '$bench_gz' or '$corpus'" >&2; exit 3; }
    zcat "$corpus"/*.pgn.gz >"$tmp/unit.pgn" && gzip -dc "$bench_gz" >>"$tmp/unit.pgn" || exit 3
    unit=$("$pgnkit" search --count -j "$jobs" "$tmp/unit.pgn")
    copies=$(( (want + unit - 1) / unit ))
    echo "== making $pgn: $copies copies of $unit games"
    i=0
    while [ $i -lt $copies ]; do cat "$tmp/unit.pgn"; i=$((i + 1)); done >"$pgn.part" &&
        mv "$pgn.part" "$pgn" || { rm -f "$pgn.part"; exit 3; }
    rm -f "$tmp/unit.pgn"
fi

# The database: built when missing or older than the binary; the build's figures
# are kept beside it for later runs.
db=${SCALE_DB:-$dir/scale-$want.pgnkit}
if [ -z "${SCALE_DB:-}" ] && { [ ! -s "$db" ] || [ "$pgnkit" -nt "$db" ]; }; then
    rm -f "$db" "$db.build"
    r=$(timed "$tmp/build.out" "$pgnkit" index -q -j "$jobs" "$pgn" -o "$db") ||
        { echo "scale.sh: the build failed" >&2; exit 3; }
    echo "wall $((${r% *} / 1000)) s, cpu $(cat "$tmp/cpu") s, peak RSS ${r#* } KB, -j $jobs" >"$db.build"
fi
games=$(sqlite3 "$db" "SELECT sum(games) FROM sources")
pgn_bytes=$(wc -c <"$pgn")
db_bytes=$(wc -c <"$db")
echo "== scale: $games games, PGN $pgn_bytes bytes ($(basename "$pgn")), database $db_bytes bytes" \
     "($(echo "100 * $db_bytes / $pgn_bytes" | bc -l | cut -c1-5)% of the PGN, $((db_bytes / games)) bytes a game)"
echo "   pgnkit: $("$pgnkit" --version | head -n 1); load$(uptime | sed 's/.*load average//')"
if [ -s "$db.build" ]; then
    echo "   build (index -q): $(cat "$db.build")"
else
    echo "   build: not measured here (SCALE_DB was given)"
fi
# Each table and index: its pages, in bytes and bytes a game (those over 0.1%).
echo "   bytes by table or index (bytes a game):"
sqlite3 -separator ' ' "$db" "SELECT name, sum(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC" |
    awk -v g="$games" -v t="$db_bytes" '$2 * 1000 >= t { printf "      %-34s %13d  %7.2f\n", $1, $2, $2 / g }'

# The queries: a label, then the command's arguments (quoted for eval). The
# early position is the Sicilian after 5 moves, the late one a rook endgame.
cat >"$tmp/queries" <<'EOF'
player Carlsen|search -c --player Carlsen
ECO range|search -c --eco B90-B99
date range|search -c --date-from 2000 --date-to 2010
rating range|search -c --white-elo 2500-2700
rating off the grid|search -c --white-elo 2507-2693
where player and plies|search -c --where 'player ~ "Carlsen" and plies > 80'
checkmate|search -c --checkmate
underpromotion|search -c --underpromotion
every record (elo diff)|search -c --elo-diff 0-50
moves 1. e4 c5|search -c --moves '1. e4 c5'
list moves 1. e4 c5|search -l --moves '1. e4 c5'
position after 5 moves|search -c --position 'rnbqkb1r/pp2pppp/3p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R b KQkq - 2 5'
position at move 55|search -c --position '1r6/8/2R2P2/2p5/1k2P3/1n4P1/8/2R3K1 b - - 0 55'
material KRP:KR|search -c --material-either KRP:KR
tree from the start|stats --tree
tree after 5 moves|stats --tree --moves '1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3'
EOF

# The answer in a word: a count, the games listed, or the games that reach the tree's root.
answer() {
    case $1 in
        stats*) sed -n 2p "$2" | awk '{ print $1 }' ;;
        *' -l '*) wc -l <"$2" ;;
        *) head -n 1 "$2" ;;
    esac
}

if [ "${SCALE_TABLE:-1}" = 0 ]; then
    echo "   queries through the database (wall ms and peak RSS of one run):"
else
    echo "   queries through the database (wall ms: best of 3 after one to warm; peak RSS: the most of the 3):"
fi
printf '      | %-24s | %10s | %8s | %9s |\n' query answer "wall ms" "peak MB"
n=0
while IFS='|' read -r label args; do
    n=$((n + 1))
    eval "set -- $args"
    if [ "${SCALE_TABLE:-1}" = 0 ]; then
        set -- $(timed "$tmp/db.$n" "$pgnkit" "$@" "$db")
    else
        set -- $(best_of 3 "$tmp/db.$n" "$pgnkit" "$@" "$db")
    fi
    printf '      | %-24s | %10s | %8s | %9s |\n' "$label" "$(answer "$args" "$tmp/db.$n")" "$1" $(($2 / 1024))
done <"$tmp/queries"

# The explorer's speeds, since and until through serve, and against the scan.
sh "$root/tests/bench/scale_explorer.sh" "$pgnkit" "$db" "$pgn"
explorer_status=$?

# The differential: each query scanning the PGN once, on $jobs threads.
[ "${SCALE_SCAN:-1}" = 0 ] && { echo "   scans left out (SCALE_SCAN=0)"; exit $explorer_status; }
echo "   the same queries scanning the PGN (-j $jobs, once): same answer as the database?"
status=$explorer_status
n=0
while IFS='|' read -r label args; do
    n=$((n + 1))
    eval "set -- $args"
    set -- $(timed "$tmp/scan.$n" "$pgnkit" "$@" -j "$jobs" "$pgn")
    if cmp -s "$tmp/db.$n" "$tmp/scan.$n"; then
        same=same
    else
        same=DIFFERENT status=1
        diff "$tmp/db.$n" "$tmp/scan.$n" | head -n 6 | sed 's/^/         /'
    fi
    printf '      %-24s scan %8s ms, peak %5s MB: %s\n' "$label" "$1" $(($2 / 1024)) "$same"
done <"$tmp/queries"
exit $status
