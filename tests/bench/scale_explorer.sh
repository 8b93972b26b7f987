#!/bin/sh
# scale_explorer.sh - the explorer's speeds, since and until at scale (scale.sh runs
# it): pgnkit serve on the database answers tree requests with and without them (wall
# ms of each request, best of 3 after one to warm; the server's peak memory), and,
# unless SCALE_SCAN=0, the same requests through `stats --tree --format lichess`
# scanning the PGN must count the same games and moves (the scan is the oracle).
#   tests/bench/scale_explorer.sh PGNKIT DB PGN
# SCALE_JOBS threads of the scans (default 2). Exit status 1 when an answer differs.
set -u
pgnkit=$1 db=$2 pgn=$3
jobs=${SCALE_JOBS:-2}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 3
curl=$(command -v curl) || { echo "   explorer filters: left out (no curl)"; exit 0; }
python=$(command -v python3) || { echo "   explorer filters: left out (no python3)"; exit 0; }
tmp=$(mktemp -d)
serve_pid=
trap '[ -n "$serve_pid" ] && kill "$serve_pid" 2>/dev/null; rm -rf "$tmp"' EXIT
PGNKIT=$pgnkit # what serve.inc starts
. tests/scripts/serve.inc

# The requests: a label, the path and parameters, the same as stats options.
cat >"$tmp/requests" <<'EOF'
1. e4, every game|/lichess?play=e2e4|--moves '1. e4'
1. e4, blitz|/lichess?play=e2e4&speeds=blitz|--moves '1. e4' --speeds blitz
1. e4, classical|/lichess?play=e2e4&speeds=classical|--moves '1. e4' --speeds classical
1. e4, 2010-03 to 2015-05|/lichess?play=e2e4&since=2010-03&until=2015-05|--moves '1. e4' --since 2010-03 --until 2015-05
1. e4 c5, rapid 2000s|/masters?play=e2e4,c7c5&speeds=rapid&since=2000&until=2009|--moves '1. e4 c5' --speeds rapid --since 2000 --until 2009
EOF

# counts ANSWER: the games and each move's W/D/B, one line, sorted.
counts() {
    "$python" -c 'import json, sys
try:
    d = json.load(open(sys.argv[1]))
    print(d["white"] + d["draws"] + d["black"], " ".join(sorted(
        "%s:%d/%d/%d" % (m["uci"], m["white"], m["draws"], m["black"]) for m in d["moves"])))
except (ValueError, KeyError, TypeError):
    print("not an answer")' "$1"
}

serve_start "$tmp/serve.log" "$db" || { echo "   explorer filters: serve did not start: $(cat "$tmp/serve.log")"; exit 3; }
echo "   explorer filters through serve (wall ms of the request: best of 3 after one to warm):"
printf '      | %-26s | %10s | %8s |\n' request games "wall ms"
n=0
while IFS='|' read -r label path opts; do
    n=$((n + 1))
    best=
    for run in 0 1 2 3; do
        ms=$("$curl" -s -g -o "$tmp/db.$n" -w '%{time_total}' "http://127.0.0.1:$serve_port$path&moves=1000" |
             awk '{ printf "%d", $1 * 1000 }')
        [ $run -gt 0 ] && { [ -z "$best" ] || [ "$ms" -lt "$best" ]; } && best=$ms
    done
    printf '      | %-26s | %10s | %8s |\n' "$label" "$(counts "$tmp/db.$n" | cut -d' ' -f1)" "$best"
done <"$tmp/requests"
peak=$(awk '/^VmHWM/ { print int($2 / 1024) }' "/proc/$serve_pid/status")
serve_stop
serve_pid=
echo "   the server's peak RSS: $peak MB"

[ "${SCALE_SCAN:-1}" = 0 ] && exit 0
echo "   the same filters scanning the PGN (stats --tree --format lichess, -j $jobs): same counts?"
status=0
n=0
while IFS='|' read -r label path opts; do
    n=$((n + 1))
    eval "set -- $opts"
    "$pgnkit" stats --tree --format lichess "$@" -j "$jobs" "$pgn" >"$tmp/scan.$n" 2>/dev/null
    if [ "$(counts "$tmp/db.$n")" = "$(counts "$tmp/scan.$n")" ]; then
        same=same
    else
        same=DIFFERENT status=1
    fi
    printf '      %-26s %s\n' "$label" "$same"
done <"$tmp/requests"
exit $status
