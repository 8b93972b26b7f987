#!/bin/sh
# serve.sh - `pgnkit serve` against a database built here from testdata/sample.pgn:
# every endpoint answers what `pgnkit stats --tree` counts on the scan of the same
# file (same moves, same white/draw/black); bad requests get 400 or 404 with a JSON
# error; a huge request is refused; it listens on the loopback address only; SIGTERM
# stops it cleanly.
# SPDX-License-Identifier: MIT
set -u
cd "${PGNKIT_ROOT:-.}" || exit 3
. tests/scripts/need.inc
need curl curl
curl=$need_path
need python3 python3-dev # (python3-dev, which .ci/deps installs, brings python3)
python=$need_path
. tests/scripts/serve.inc
status=0
fail() { echo "serve.sh: $*"; status=1; }

serve_sample serve.sh
url=http://127.0.0.1:$serve_port

# get PATH OUT: the body into OUT, the status printed
get() { "$curl" -s -g -o "$2" -w '%{http_code}' "$url$1"; }

# It listens on 127.0.0.1 only: /proc/net/tcp lists the port as 0100007F:PORT, LISTEN (0A).
hexport=$(printf '%04X' "$serve_port")
listen=$(awk -v p=":$hexport" '$4 == "0A" && substr($2, length($2) - 4) == p { print $2 }' /proc/net/tcp /proc/net/tcp6)
[ "$listen" = "0100007F:$hexport" ] || fail "listens on '$listen', not only on 0100007F:$hexport"

# compare NAME ANSWER STATS: the answer's totals and moves (W/D/B) are the stats tree's.
compare() {
    "$python" - "$1" "$2" "$3" <<'PY' || status=1
import json, sys
name, answer, stats = sys.argv[1], json.load(open(sys.argv[2])), json.load(open(sys.argv[3]))
nodes = stats["moves"]
root = nodes.get("", {"white": 0, "draws": 0, "black": 0})
bad = []
for k in ("white", "draws", "black"):
    if answer[k] != root[k]:
        bad.append("total %s %d, stats %d" % (k, answer[k], root[k]))
got = {m["san"]: (m["white"], m["draws"], m["black"]) for m in answer["moves"]}
want = {k: (v["white"], v["draws"], v["black"]) for k, v in nodes.items()
        if k and v["white"] + v["draws"] + v["black"] > 0}
if got != want:
    bad.append("moves %s, stats %s" % (sorted(got.items()), sorted(want.items())))
if bad:
    print("serve.sh: %s: %s" % (name, "; ".join(bad)))
    sys.exit(1)
PY
}

n=0
for pair in ":" "e2e4:1. e4" "e2e4,e7e5:1. e4 e5" "e2e4,c7c5:1. e4 c5" "d2d4:1. d4" \
            "e2e4,e7e5,g1f3,b8c6,f1b5:1. e4 e5 2. Nf3 Nc6 3. Bb5"; do
    play=${pair%%:*} moves=${pair#*:}
    n=$((n + 1))
    for route in masters lichess; do
        code=$(get "/$route?play=$play&moves=100" "$tmp/a$n.json")
        [ "$code" = 200 ] || fail "/$route?play=$play: status $code"
        "$PGNKIT" stats --tree --format json ${moves:+--moves "$moves"} "$tmp/sample.pgn" >"$tmp/s$n.json"
        compare "/$route?play=$play" "$tmp/a$n.json" "$tmp/s$n.json"
    done
done

# fen= is the same position as play=.
get "/masters?fen=rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR%20b%20KQkq%20-%200%201&moves=100" "$tmp/fen.json" >/dev/null
get "/masters?play=e2e4&moves=100" "$tmp/play.json" >/dev/null
cmp -s "$tmp/fen.json" "$tmp/play.json" || fail "fen= and play= of the same position differ"

# /player: the games of one player with one colour, as stats counts them with --white.
player=$(sed -n 's/^\[White "\(.*\)"\]$/\1/p' "$tmp/sample.pgn" | sort | uniq -c | sort -rn | awk 'NR == 1 { $1 = ""; sub(/^ /, ""); print }')
code=$(get "/player?player=$(printf %s "$player" | sed 's/ /%20/g; s/,/%2C/g')&color=white&moves=100" "$tmp/player.json")
[ "$code" = 200 ] || fail "/player: status $code"
"$PGNKIT" stats --tree --format json --white "^$player\$" "$tmp/sample.pgn" >"$tmp/player.stats"
compare "/player?player=$player" "$tmp/player.json" "$tmp/player.stats"
grep -q '"performance":' "$tmp/player.json" || fail "/player gives no performance"

# /game/N is game N of the file, as search --where 'game = N' selects it.
for g in 1 17 39; do
    code=$(get "/game/$g" "$tmp/game$g.pgn")
    [ "$code" = 200 ] || fail "/game/$g: status $code"
    "$PGNKIT" search --where "game = $g" "$tmp/sample.pgn" | "$PGNKIT" convert >"$tmp/want$g.pgn" 2>/dev/null
    "$PGNKIT" convert "$tmp/game$g.pgn" >"$tmp/got$g.pgn" 2>/dev/null
    cmp -s "$tmp/want$g.pgn" "$tmp/got$g.pgn" || fail "/game/$g is not game $g"
done
# The ids of topGames are those games: the top game's White is in its PGN.
id=$("$python" -c 'import json,sys; g=json.load(open(sys.argv[1]))["topGames"][0]; print(g["id"], g["white"]["name"])' "$tmp/a1.json")
get "/game/${id%% *}" "$tmp/top.pgn" >/dev/null
grep -qF "[White \"${id#* }\"]" "$tmp/top.pgn" || fail "topGames id ${id%% *} is not ${id#* }'s game"

# The page: HTML, asking only this server.
code=$(get "/" "$tmp/page.html")
[ "$code" = 200 ] || fail "/: status $code"
grep -q '<title>pgnkit explorer</title>' "$tmp/page.html" || fail "/ is not the explorer page"

# Refusals: status and a JSON {"error": ...}.
refused() { # refused WANT PATH [CURL OPTIONS]
    want=$1 path=$2
    shift 2
    code=$("$curl" -s -g -o "$tmp/err.json" -w '%{http_code}' "$@" "$url$path")
    [ "$code" = "$want" ] || fail "$path: status $code, expected $want"
    "$python" -c 'import json,sys; e=json.load(open(sys.argv[1]))["error"]; assert e' "$tmp/err.json" 2>/dev/null ||
        fail "$path: no JSON error: $(head -c 200 "$tmp/err.json")"
}
refused 404 /nope
refused 404 /sample.db
refused 404 "/..%2F..%2Fetc%2Fpasswd"
refused 404 /game/40
refused 404 /game/x
refused 400 "/masters?play=e2e5"
refused 400 "/masters?fen=nonsense"
refused 400 "/lichess?ratings=1500"
refused 400 "/lichess?speeds=fast"
refused 400 "/lichess?since=yesterday"
refused 400 "/masters?moves=many"
refused 400 "/player?player=x"
refused 405 /masters -X POST

# A huge request is refused (by the HTTP layer's bound), and the server goes on.
huge=$(head -c 100000 /dev/zero | tr '\0' 'a')
code=$("$curl" -s -o /dev/null -w '%{http_code}' "$url/masters?play=$huge")
case $code in 414|431|400) ;; *) fail "a 100 kB request: status $code, expected it refused" ;; esac
code=$(get "/masters" "$tmp/after.json")
[ "$code" = 200 ] || fail "no answer after the huge request: $code"

serve_stop
[ "$serve_status" = 0 ] || fail "SIGTERM: exit status $serve_status, expected 0"
grep -q '^pgnkit serve: stopped by SIGTERM$' "$tmp/serve.log" || fail "SIGTERM: no clean stop: $(cat "$tmp/serve.log")"
serve_pid=
[ $status = 0 ] && echo "serve.sh: every endpoint answered as stats counts; refusals and the stop checked"
exit $status
