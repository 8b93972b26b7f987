#!/bin/sh
# serve_bench.sh - the load test of `pgnkit serve` (make bench runs it from run.sh;
# it runs alone too): tree requests (/masters at five positions, in turn), 32 at a
# time on loopback, after $SERVE_WARM (200) to warm up: how many answered 200, requests per
# second, the 99th percentile latency (issue 38's target: under 100 ms on the
# 1.75M-game database), and the server's resident memory (VmRSS) before and after
# the load with its peak (VmHWM); against the peer, the same tree asked as one
# `pgnkit stats --tree` process on the same database (best of $BENCH_RUNS, the mean
# over the five positions).
#
#   sh tests/bench/serve_bench.sh BUILD [BENCH_FILE]
#   SERVE_DB=DB       serve DB (e.g. the 1.75M or 10M database of tests/bench/scale.sh)
#                     instead of a database of BENCH_FILE made in a scratch folder
#   SERVE_REQUESTS=N  N requests (default 2000; the old path took seconds each at 1.75M)
#   SERVE_WARM=N      N requests to warm up first (default 200)
# SPDX-License-Identifier: MIT
set -u
build=${1:-build}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 3
case $build in /*) ;; *) build=$root/$build ;; esac
bench_gz=${2:-${BENCH_FILE:-../shared/testdata/bench/otb_pgnmentor_players_Adams-GurevichD.pgn.gz}}
requests=${SERVE_REQUESTS:-2000}
warm=${SERVE_WARM:-200}
runs=${BENCH_RUNS:-3}
curl=$(command -v curl) || { echo "== serve: left out (no curl)"; exit 0; }
"$build/pgnkit" --help | grep -q '^   serve' || { echo "== serve: left out (no serve)"; exit 0; }
tmp=$(mktemp -d)
trap '[ -n "${serve_pid:-}" ] && kill "$serve_pid" 2>/dev/null; rm -rf "$tmp"' EXIT
db=${SERVE_DB:-}
if [ -z "$db" ]; then
    [ -f "$bench_gz" ] || { echo "== serve: left out (no benchmark file)"; exit 0; }
    gzip -dc "$bench_gz" >"$tmp/bench.pgn"
    "$build/pgnkit" index -q "$tmp/bench.pgn" -o "$tmp/b.pgnkit"
    db=$tmp/b.pgnkit
fi

. tests/bench/seconds.inc
mem() { awk -v k="$1:" '$1 == k { print $2 }' "/proc/$serve_pid/status"; }

PGNKIT=$build/pgnkit
. tests/scripts/serve.inc
serve_start "$tmp/serve.log" "$db" || { echo "== serve: did not start: $(cat "$tmp/serve.log")"; exit 0; }
serve_load "$warm" "$tmp/serve_warm" /masters
before=$(mem VmRSS)
t0=$(date +%s.%N)
serve_load "$requests" "$tmp/serve_load" /masters "/masters?play=e2e4" "/masters?play=e2e4,c7c5" \
    "/masters?play=d2d4,g8f6,c2c4" "/masters?play=e2e4,e7e5,g1f3,b8c6,f1b5"
t1=$(date +%s.%N)
after=$(mem VmRSS)
peak=$(mem VmHWM)
serve_stop
serve_pid=
ok=$(awk '$1 == 200' "$tmp/serve_load.w" | wc -l)
rate=$(echo "$requests / ($t1 - $t0)" | bc -l | awk '{ printf "%.1f", $1 }')
p99=$(serve_p99 "$tmp/serve_load.w")
sum=0
for m in "" "1. e4" "1. e4 c5" "1. d4 Nf6 2. c4" "1. e4 e5 2. Nf3 Nc6 3. Bb5"; do
    t=$(seconds "$build/pgnkit" stats --tree ${m:+--moves "$m"} "$db")
    sum=$(echo "$sum + $t" | bc -l)
done
peer=$(echo "1000 * $sum / 5" | bc -l | cut -c1-6)
echo "== serve on $(basename "$db"): $ok of $requests answers 200, $rate requests/s," \
     "p99 $p99 ms; RSS $before -> $after kB (peak $peak kB); stats --tree through the" \
     "database per question $peer ms (p99/peer $(echo "$p99 / $peer" | bc -l | cut -c1-4))"
