#!/bin/sh
# explorer_filters.sh - the explorer's speeds, since and until, exact: the answers of
# `pgnkit stats --tree --format lichess` on testdata/explorer/speeds.pgn and of
# `pgnkit serve` on its database are the games counted by hand below.
#
# The file has 17 games, each opening with its own first move and won by White,
# so an answer's moves name the games it counted. Their TimeControl and Date:
#   a3  29          2019.02.28     ultraBullet (under 30 s)
#   a4  30          2019.03.01     bullet
#   b3  179         2019.05.31     bullet (under 180)
#   b4  180         2019.06.01     blitz
#   c3  479         2019.??.??     blitz (under 480); any month of 2019
#   c4  480         2019.03.??     rapid; March 2019
#   d3  1499        ????.??.??     rapid (under 1500); no date
#   d4  1500        2018.12.31     classical
#   e3  -           2020.01.01     correspondence (lichess writes "-" for it)
#   e4  40/7200     2019.04.15     classical (40 moves in 2 hours: 7200 s)
#   f3  (none)      (none)         classical (over the board, as masters' games)
#   f4  60+3        2019.05.??     blitz (60 + 40 x 3 = 180); May 2019
#   g3  21599       2019.13.01     classical (under six hours); no date (no month 13)
#   g4  21600       2019.12.31     correspondence (six hours or more)
#   h3  1/86400     2019.01.01     correspondence (a day a move)
#   h4  ?           2019.07.04     classical (unknown time control)
#   Nf3 300         " 2019.03.05"  blitz; March 2019 (the year reading sees none)
# SPDX-License-Identifier: MIT
set -u
cd "${PGNKIT_ROOT:-.}" || exit 3
. tests/scripts/need.inc
need curl curl
curl=$need_path
need python3 python3-dev # (python3-dev, which .ci/deps installs, brings python3)
python=$need_path
need sqlite3
sqlite3=$need_path
. tests/scripts/serve.inc
status=0
fail() { echo "explorer_filters.sh: $*"; status=1; }

serve_sample explorer_filters.sh testdata/explorer/speeds.pgn

# moves ANSWER: the games counted and the moves, sorted ("4: Nf3 b4 c3 f4").
moves() {
    "$python" -c 'import json, sys
try:
    d = json.load(open(sys.argv[1]))
    n = d["white"] + d["draws"] + d["black"]
    print("%d: %s" % (n, " ".join(sorted(m["san"] for m in d["moves"]))))
except (ValueError, KeyError, TypeError):
    print("not an answer: %s" % open(sys.argv[1]).read(200).strip())' "$1"
}

# check QUERY EXPECTED: stats on the file (QUERY as options) and serve on the database
# (/lichess, QUERY as parameters) both count EXPECTED.
n=0
check() {
    n=$((n + 1))
    opts=$(printf '%s' "$1" | sed 's/^/--/; s/&/ --/g; s/=/ /g')
    # shellcheck disable=SC2086 # the options are words
    "$PGNKIT" stats --tree --format lichess $opts "$tmp/speeds.pgn" >"$tmp/s$n.json" 2>&1
    got=$(moves "$tmp/s$n.json")
    [ "$got" = "$2" ] || fail "stats $opts: '$got', not '$2'"
    code=$("$curl" -s -g -o "$tmp/a$n.json" -w '%{http_code}' "http://127.0.0.1:$serve_port/lichess?$1&moves=100")
    got=$(moves "$tmp/a$n.json")
    [ "$code" = 200 ] && [ "$got" = "$2" ] || fail "serve /lichess?$1: $code '$got', not '$2'"
}

check "speeds=ultraBullet" "1: a3"
check "speeds=bullet" "2: a4 b3"
check "speeds=blitz" "4: Nf3 b4 c3 f4"
check "speeds=rapid" "2: c4 d3"
check "speeds=classical" "5: d4 e4 f3 g3 h4"
check "speeds=correspondence" "3: e3 g4 h3"
check "speeds=ultraBullet,bullet,blitz,rapid,classical,correspondence" \
      "17: Nf3 a3 a4 b3 b4 c3 c4 d3 d4 e3 e4 f3 f4 g3 g4 h3 h4"
# since: every month the date may mean is on or after it
check "since=2019-03" "10: Nf3 a4 b3 b4 c4 e3 e4 f4 g4 h4"
# until: every month the date may mean is on or before it
check "until=2019-05" "9: Nf3 a3 a4 b3 c4 d4 e4 f4 h3"
check "since=2019-03&until=2019-05" "6: Nf3 a4 b3 c4 e4 f4"
# a date without its month (c3) only within whole years
check "since=2019-01&until=2019-12" "12: Nf3 a3 a4 b3 b4 c3 c4 e4 f4 g4 h3 h4"
check "since=2019-02&until=2019-12" "10: Nf3 a3 a4 b3 b4 c4 e4 f4 g4 h4"
check "since=2019&until=2019" "12: Nf3 a3 a4 b3 b4 c3 c4 e4 f4 g4 h3 h4"
check "since=2019-06" "4: b4 e3 g4 h4"
check "until=2019-02" "3: a3 d4 h3"
check "speeds=blitz,rapid&since=2019-03&until=2019-05" "3: Nf3 c4 f4"

# A listed game's month is the one the filters compare: none for a month 13, March for
# " 2019.03.05", none for a date without its month.
months=$("$python" -c 'import json, sys
d = json.load(open(sys.argv[1]))
print(" ".join(sorted("%s=%s" % (m["san"], m["game"]["month"]) for m in d["moves"] if m["san"] in ("Nf3", "g3", "c3", "c4"))))' "$tmp/a7.json")
[ "$months" = "Nf3=2019-03 c3=None c4=2019-03 g3=None" ] || fail "the listed games' months: $months"

# stats --tree --by speed: the games of each speed bucket (hand counts; no readable
# TimeControl is "unknown" there), the same from the database's walks as from the file.
"$PGNKIT" stats --tree --by speed --format csv "$tmp/speeds.pgn" >"$tmp/by.file"
"$PGNKIT" stats --tree --by speed --format csv "$tmp/speeds.db" >"$tmp/by.db"
cmp -s "$tmp/by.file" "$tmp/by.db" || fail "stats --by speed: the database's tree differs from the file's"
buckets=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i ~ /_games$/) { col[i] = $i; sub(/_games$/, "", col[i]) } next }
    { for (i in col) n[i] += $i }
    END { for (i = 1; i <= NF; i++) if (i in col) printf "%s%s=%d", (s++ ? " " : ""), col[i], n[i] }' "$tmp/by.db")
[ "$buckets" = "ultraBullet=1 bullet=2 blitz=4 rapid=2 classical=3 correspondence=3 unknown=2" ] \
    || fail "stats --by speed on the database: $buckets"

# /masters filters the same way.
"$curl" -s -g -o "$tmp/m.json" "http://127.0.0.1:$serve_port/masters?since=2019-03&until=2019-05&moves=100"
got=$(moves "$tmp/m.json")
[ "$got" = "6: Nf3 a4 b3 c4 e4 f4" ] || fail "serve /masters since and until: '$got'"

# Bad values: 400 with a JSON error from serve, exit 2 with the message from stats.
for bad in "since=2019-13" "until=2019-00" "since=19-03" "speeds=hyperBullet" "since=2019-06&until=2019-05"; do
    code=$("$curl" -s -g -o "$tmp/bad.json" -w '%{http_code}' "http://127.0.0.1:$serve_port/lichess?$bad")
    [ "$code" = 400 ] && grep -q '"error"' "$tmp/bad.json" || fail "serve ?$bad: $code $(head -c 200 "$tmp/bad.json")"
    opts=$(printf '%s' "$bad" | sed 's/^/--/; s/&/ --/g; s/=/ /g')
    # shellcheck disable=SC2086 # the options are words
    "$PGNKIT" stats --tree --format lichess $opts "$tmp/speeds.pgn" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q "^pgnkit stats: error: --" "$tmp/err" \
        || fail "stats $opts: exit $rc, '$(cat "$tmp/err")'"
done
"$PGNKIT" stats --tree --since 2019-03 "$tmp/speeds.pgn" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && grep -q "go with --format lichess" "$tmp/err" || fail "--since without --format lichess: exit $rc"

serve_stop
serve_pid=

# A database of the schema before the speeds and months is refused, saying to build it
# again (the schema is the one constant INDEX_SCHEMA_VERSION).
version=$(sed -n 's/.*INDEX_SCHEMA_VERSION = \([0-9][0-9]*\).*/\1/p' lib/index/index_db.h)
cp "$tmp/speeds.db" "$tmp/old.db"
"$sqlite3" "$tmp/old.db" "UPDATE meta SET value = $((version - 1)) WHERE name = 'schema_version'"
# (timeout: a pgnkit that took the database would serve it until stopped)
timeout 20 "$PGNKIT" serve --port 0 "$tmp/old.db" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 3 ] && grep -q "older than this pgnkit's.*build it again with pgnkit index" "$tmp/err" \
    || fail "serve on an old database: exit $rc, '$(cat "$tmp/err")'"
exit $status
