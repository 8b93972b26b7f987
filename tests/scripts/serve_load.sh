#!/bin/sh
# serve_load.sh - 10,000 requests, 32 at a time, to `pgnkit serve` on loopback
# (a database of testdata/sample.pgn): every answer is right (the one a single
# request gets for the same URL, status 200) and memory stays flat (resident set
# after the load within 16 MB of before it, after a warm-up). Prints requests per
# second and the 99th percentile latency.
# SPDX-License-Identifier: MIT
set -u
cd "${PGNKIT_ROOT:-.}" || exit 3
. tests/scripts/need.inc
need curl curl
curl=$need_path
. tests/scripts/serve.inc
status=0
fail() { echo "serve_load.sh: $*"; status=1; }
requests=${SERVE_LOAD_REQUESTS:-10000}

serve_sample serve_load.sh
url=http://127.0.0.1:$serve_port
set -- "/masters" "/masters?play=e2e4" "/lichess?play=e2e4,e7e5&ratings=1600,1800,2000,2200,2500" \
       "/masters?play=d2d4" "/game/7" "/player?player=Steinitz,%20Wilhelm&color=white"
# The right answers, one request at a time.
k=0
for p; do
    k=$((k + 1))
    "$curl" -s -g -o "$tmp/want$k" "$url$p" || fail "$p: no answer"
done
rss() { awk '/^VmRSS:/ { print $2 }' "/proc/$serve_pid/status"; }

serve_load 2000 "$tmp/warm" "$@"
before=$(rss)
t0=$(date +%s.%N)
serve_load "$requests" "$tmp/load" "$@"
t1=$(date +%s.%N)
after=$(rss)

got=$(wc -l <"$tmp/load.w")
[ "$got" -eq "$requests" ] || fail "$got answers to $requests requests"
bad=$(awk '$1 != 200' "$tmp/load.w" | wc -l)
[ "$bad" -eq 0 ] || fail "$bad answers not 200: $(awk '$1 != 200 { print $1 }' "$tmp/load.w" | sort | uniq -c | head -3)"
k=0
for p; do
    k=$((k + 1))
    want=$(cksum <"$tmp/want$k")
    wrong=$(for f in "$tmp/load/$k".*; do cksum <"$f"; done | grep -vcxF "$want")
    [ "$wrong" -eq 0 ] || fail "$p: $wrong answers differ from the single request's"
done
[ "$(ls "$tmp/load" | wc -l)" -eq "$requests" ] || fail "not every answer was written"
grow=$((after - before))
[ "$grow" -le 16384 ] || fail "resident memory grew by $grow kB under load ($before -> $after kB)"
seconds=$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')
p99=$(serve_p99 "$tmp/load.w")
rate=$(awk -v n="$requests" -v s="$seconds" 'BEGIN { printf "%.0f", n / s }')
serve_stop
serve_pid=
[ "$serve_status" = 0 ] || fail "exit status $serve_status after the load"
[ $status = 0 ] && echo "serve_load.sh: $requests requests, 32 at a time, all right: $rate requests/s, p99 $p99 ms; RSS $before -> $after kB"
exit $status
