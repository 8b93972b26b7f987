#!/bin/sh
# serve_ids.sh - `pgnkit serve` on two databases (testdata/explorer/italian.pgn, 5
# games, then testdata/sample.pgn): game ids run on from one database to the next,
# and /player counts and rates the player's games, checked by hand: after 1. e4 e5
# 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Alpha (White, 2000) beat Beta (1800) with Black's
# reply Nf6: Alpha's performance 1800 + 400 = 2200 (Black's, the mover's, would be
# 1600); Delta (Black, 2100) drew with Gamma (2200) after d6: 2200.
# SPDX-License-Identifier: MIT
set -u
cd "${PGNKIT_ROOT:-.}" || exit 3
. tests/scripts/need.inc
need curl curl
curl=$need_path
. tests/scripts/serve.inc
tmp=$(mktemp -d)
serve_pid=
trap '[ -n "$serve_pid" ] && kill "$serve_pid" 2>/dev/null; rm -rf "$tmp"' EXIT
status=0
fail() { echo "serve_ids.sh: $*"; status=1; }

cp testdata/explorer/italian.pgn testdata/sample.pgn "$tmp/"
"$PGNKIT" index "$tmp/italian.pgn" -o "$tmp/italian.db" 2>/dev/null &&
    "$PGNKIT" index "$tmp/sample.pgn" -o "$tmp/sample.db" 2>/dev/null || { echo "serve_ids.sh: index failed"; exit 1; }
serve_start "$tmp/serve.log" "$tmp/italian.db" "$tmp/sample.db" || { cat "$tmp/serve.log"; echo "serve_ids.sh: did not start"; exit 1; }
url=http://127.0.0.1:$serve_port
# white_of PATH: the White tag of the game at PATH
white_of() { "$curl" -s -g "$url$1" | sed -n 's/^\[White "\(.*\)"\]$/\1/p'; }
[ "$(white_of /game/1)" = Alpha ] || fail "/game/1 is not Alpha's game"
[ "$(white_of /game/5)" = Iota ] || fail "/game/5 is not Iota's game"
want=$(sed -n 's/^\[White "\(.*\)"\]$/\1/p' testdata/sample.pgn | head -n 1)
[ "$(white_of /game/6)" = "$want" ] || fail "/game/6 is not the first game of the second database"
code=$("$curl" -s -o /dev/null -w '%{http_code}' "$url/game/45")
[ "$code" = 404 ] || fail "/game/45 (past 5 + 39 games): status $code"

play=e2e4,e7e5,g1f3,b8c6,f1c4,f8c5,e1g1
got=$("$curl" -s -g "$url/player?player=Alpha&color=white&play=$play" |
      grep -o '"san":"Nf6","averageRating":[0-9]*,"white":[0-9]*,"draws":[0-9]*,"black":[0-9]*,"performance":[0-9]*')
[ "$got" = '"san":"Nf6","averageRating":1900,"white":1,"draws":0,"black":0,"performance":2200' ] ||
    fail "/player Alpha: '$got'"
got=$("$curl" -s -g "$url/player?player=Delta&color=black&play=$play" |
      grep -o '"white":[0-9]*,"draws":[0-9]*,"black":[0-9]*,"moves":\[{"uci":"d7d6","san":"d6","averageRating":[0-9]*,"white":[0-9]*,"draws":[0-9]*,"black":[0-9]*,"performance":[0-9]*')
[ "$got" = '"white":0,"draws":1,"black":0,"moves":[{"uci":"d7d6","san":"d6","averageRating":2150,"white":0,"draws":1,"black":0,"performance":2200' ] ||
    fail "/player Delta: '$got'"
# A player with the other colour has no games here.
got=$("$curl" -s -g "$url/player?player=Alpha&color=black&play=$play" | grep -o '^{"white":[0-9]*,"draws":[0-9]*,"black":[0-9]*,"moves":\[\]')
[ "$got" = '{"white":0,"draws":0,"black":0,"moves":[]' ] || fail "/player Alpha as Black: '$got'"
serve_stop
serve_pid=
[ $status = 0 ] && echo "serve_ids.sh: ids across two databases, /player by hand"
exit $status
