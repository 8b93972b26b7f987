#!/bin/sh
# serve_counted.sh - a tree request without a filter is answered from the counts per
# position (lib/index/index_counts.h) and the games listed beside them
# (index_counts_served.h), and the answer is the one the walk of every game gives:
# at every node of the test corpus's tree three plies deep that has two games or
# more, in four shapes (/masters, and /lichess with 15, 4 and 0-1 listed games),
# byte for byte against a copy of the database without its counts (where the server
# walks the games, as before), and /lichess with stats' lists against
# `stats --tree --format lichess` on the PGN (stats writes the performance, which
# only /player has). The counts path must be taken: on a copy without the opening
# moves (game_openings), which the walk reads and the counts do not, the counted
# requests still get the same answers. A damaged row of listed games is an error
# (500), never an answer; a database of an older schema is refused with the message
# to build it again.
# SPDX-License-Identifier: MIT
. tests/scripts/index_setup.inc
. "$root/tests/scripts/need.inc"
need curl curl
curl=$need_path
need sqlite3
. "$root/tests/scripts/serve.inc"
cat "$root"/testdata/corpus/*.pgn "$root"/testdata/search/*.pgn "$root"/testdata/stats/*.pgn \
    "$root"/testdata/sample.pgn "$root"/testdata/explorer/*.pgn "$root"/testdata/index/late.pgn \
    >all.pgn
"$PGNKIT" index -q all.pgn -o games.pgnkit || { echo "index failed"; exit 1; }
rows=$(sqlite3 games.pgnkit "SELECT count(*) FROM tree_counts")
listed=$(sqlite3 games.pgnkit "SELECT count(*) FROM tree_served")
case $rows in ''|0|*[!0-9]*) fail "the database has no counts of positions: $rows" ;; esac
[ "$listed" = "$rows" ] || fail "$rows rows of counts but $listed rows of listed games"

cp games.pgnkit walked.pgnkit
sqlite3 walked.pgnkit "DELETE FROM tree_counts; DELETE FROM tree_served" || fail "cannot copy"
cp games.pgnkit unwalkable.pgnkit
sqlite3 unwalkable.pgnkit "DELETE FROM game_openings" || fail "cannot copy"

pids=
trap '[ -n "$pids" ] && kill $pids 2>/dev/null; rm -rf "$tmp"' EXIT
start() { # start NAME "DB...": the server of the DBs, its port in port_NAME
    : >"$1.log"
    # shellcheck disable=SC2086
    serve_start "$1.log" $2 || { cat "$1.log"; echo "serve_counted.sh: $1 did not start"; exit 1; }
    pids="$pids $serve_pid"
    eval "port_$1=\$serve_port"
}
start counted games.pgnkit
start walked walked.pgnkit
start unwalkable unwalkable.pgnkit
get() { "$curl" -s -g "http://127.0.0.1:$1$2"; }

# The moves of a /lichess answer with two games or more: "uci san" per line.
next_moves() {
    tr '{' '\n' <"$1" |
        sed -n 's/^"uci":"\([a-h1-8qrbn]*\)","san":"\([^"]*\)","averageRating":[0-9]*,"white":\([0-9]*\),"draws":\([0-9]*\),"black":\([0-9]*\).*/\1 \2 \3 \4 \5/p' |
        awk '$3 + $4 + $5 >= 2 { print $1, $2 }'
}

nodes=0
counted=0
node() { # node UCI SAN DEPTH: UCI comma-separated, SAN space-separated
    nodes=$((nodes + 1))
    play=${1:+&play=$1}
    for shape in "/masters?x=1" "/lichess?topGames=15&recentGames=15&moves=1000" \
                 "/lichess?topGames=4&recentGames=4" "/lichess?topGames=0&recentGames=1&moves=3"; do
        get "$port_counted" "$shape$play" >counted.json
        get "$port_walked" "$shape$play" >walked.json
        [ -s counted.json ] && cmp -s counted.json walked.json ||
            fail "$shape$play: the counts' answer differs from the walk's: $(diff counted.json walked.json | head -n 4 | cut -c 1-200)"
    done
    get "$port_counted" "/lichess?topGames=4&recentGames=4&moves=1000$play" |
        sed 's/,"performance":[^,]*//g' >served.json
    "$PGNKIT" stats --tree ${2:+--moves "$2"} --format lichess all.pgn |
        sed 's/,"performance":[^,]*//g' >scan.json
    cmp -s served.json scan.json ||
        fail "$play: the answer differs from stats on the PGN: $(diff served.json scan.json | head -n 4 | cut -c 1-200)"
    # Where the database has counts, the walk is not needed.
    if [ "$(get "$port_unwalkable" "/masters?x=1$play")" = "$(get "$port_counted" "/masters?x=1$play")" ]; then
        counted=$((counted + 1))
    fi
    get "$port_counted" "/lichess?moves=1000$play" >node.json
    [ "$3" -gt 0 ] || return 0
    next_moves node.json >next.$3
    while read -r uci san; do
        node "${1:+$1,}$uci" "${2:+$2 }$san" $(($3 - 1))
    done <next.$3
}
node "" "" 3
[ "$nodes" -ge 30 ] || fail "only $nodes nodes walked"
[ "$counted" -ge 10 ] || fail "only $counted of $nodes nodes answered without the walk"
# The start position and 1. e4 have counts (far more than INDEX_COUNTS_MIN games).
for play in "" "&play=e2e4"; do
    [ "$(get "$port_unwalkable" "/masters?x=1$play")" = "$(get "$port_counted" "/masters?x=1$play")" ] ||
        fail "/masters$play: read the walk though the counts tell it"
done
# Filters that leave games out walk the games, as before.
get "$port_unwalkable" "/lichess?ratings=1600,1800,2000,2200,2500" | grep -q '"error"' ||
    fail "a request with ratings did not walk the games"
kill $pids 2>/dev/null
pids=

# Game numbers across sources and databases: the games split into two sources
# of one database, and into two databases served together, after an update
# that appends games; each against its copy without counts.
# Games 1-200, 201-400, 401-500 and the rest, cut at their [Event tags.
awk '/^\[Event / { n++ } { f = n <= 200 ? "p1.pgn" : n <= 400 ? "p2.pgn" : n <= 500 ? "p3.pgn" : "p4.pgn"
                           print > f }' all.pgn
"$PGNKIT" index -q p1.pgn p2.pgn -o two.pgnkit || fail "index of two sources failed"
cp p3.pgn second.pgn
"$PGNKIT" index -q second.pgn -o second.pgnkit || fail "index of the second database failed"
cat p4.pgn >>second.pgn
"$PGNKIT" index -q --update second.pgnkit || fail "the update failed"
for db in two second; do
    cp $db.pgnkit $db.walked.pgnkit
    sqlite3 $db.walked.pgnkit "DELETE FROM tree_counts; DELETE FROM tree_served" || fail "cannot copy"
done
start counted2 "two.pgnkit second.pgnkit"
start walked2 "two.walked.pgnkit second.walked.pgnkit"
for play in "" "&play=e2e4" "&play=d2d4" "&play=e2e4,c7c5" "&play=e2e4,e7e5,g1f3"; do
    for shape in "/masters?x=1" "/lichess?topGames=15&recentGames=15&moves=1000"; do
        get "$port_counted2" "$shape$play" >counted.json
        get "$port_walked2" "$shape$play" >walked.json
        [ -s counted.json ] && cmp -s counted.json walked.json ||
            fail "$shape$play, three sources in two databases: the counts' answer differs from the walk's"
    done
done
kill $pids 2>/dev/null
pids=

# A database of the schema before tree_served is refused with the message to
# build it again, not served without its lists.
cp games.pgnkit old.pgnkit
sqlite3 old.pgnkit "UPDATE meta SET value = 10 WHERE name = 'schema_version'" || fail "cannot copy"
timeout 20 "$PGNKIT" serve --port 0 old.pgnkit 2>old.err
rc=$?
[ $rc -eq 3 ] && grep -q "schema 10 is older.*build it again with pgnkit index" old.err ||
    fail "an older database: exit $rc, $(cat old.err)"

sqlite3 games.pgnkit "UPDATE tree_served SET data = x'05ff'" || fail "cannot damage the copy"
start damaged games.pgnkit
out=$("$curl" -s -g -w ' %{http_code}' "http://127.0.0.1:$port_damaged/masters")
case $out in *damaged*500) ;; *) fail "a damaged row of listed games: $out" ;; esac
echo "serve_counted.sh: $nodes nodes in 4 shapes, $counted answered from the counts"
exit $status
