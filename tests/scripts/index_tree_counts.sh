#!/bin/sh
# index_tree_counts.sh - the tree read from the database's counts per position and
# move (lib/index/index_counts.h) equals the scan's: stats --tree at every node of
# the test corpus's tree three plies deep that has two games or more, in every
# format, through the database and on the PGN; after an update that appends games
# too. testdata/index/late.pgn reaches 1. e4 (and 1. e4 c5, 1. e4 e5) only at ply 33,
# past the walk, after knight moves that keep every right, pawn and piece: those
# games are read beside the counts, and leave the counts of all games. The counts
# must be there (the table has rows) and be read: a damaged row is
# reported (exit status 3), never taken for an answer.
. tests/scripts/index_setup.inc
. "$root/tests/scripts/need.inc"
need sqlite3
cat "$root"/testdata/corpus/*.pgn "$root"/testdata/search/*.pgn "$root"/testdata/stats/*.pgn \
    "$root"/testdata/sample.pgn "$root"/testdata/explorer/*.pgn "$root"/testdata/index/late.pgn \
    >all.pgn
cp "$root/testdata/reader/bom_crlf.pgn" .
sources="all.pgn bom_crlf.pgn"
# shellcheck disable=SC2086
"$PGNKIT" index -q $sources -o games.pgnkit || { echo "index failed"; exit 1; }

rows=$(sqlite3 games.pgnkit "SELECT count(*) FROM tree_counts" 2>&1)
case $rows in ''|0|*[!0-9]*) fail "the database has no counts of positions: $rows" ;; esac

# node MOVES [FORMAT...]: the tree at the position after MOVES (SAN, space-separated)
# is the same through the database as on the sources, in each format (default: all).
node() {
    at=$1
    shift
    [ $# -gt 0 ] || set -- text json csv html lichess
    for fmt in "$@"; do
        # shellcheck disable=SC2086
        "$PGNKIT" stats --tree --moves "$at" --format $fmt $sources >scan.out 2>&1
        "$PGNKIT" stats --tree --moves "$at" --format $fmt games.pgnkit >db.out 2>&1
        cmp -s scan.out db.out || { fail "tree at '$at' ($fmt): the database differs"; \
            diff scan.out db.out | head -n 4 | cut -c 1-160; }
    done
}

# The next moves of the node after $1 with at least two games, from the scan's JSON.
next_moves() {
    # shellcheck disable=SC2086
    "$PGNKIT" stats --tree --moves "$1" --format json $sources |
        tr '}' '\n' | sed -n 's/.*"\([^"]*\)":{"games":\([0-9]*\),.*/\1 \2/p' |
        awk '$1 != "" && $2 >= 2 { print $1 }'
}

nodes=0
walk() { # walk MOVES DEPTH: every format near the root, text and JSON deeper
    if [ "$2" -ge 2 ]; then node "$1"; else node "$1" text json; fi
    nodes=$((nodes + 1))
    [ "$2" -gt 0 ] || return 0
    for m in $(next_moves "$1"); do
        walk "${1:+$1 }$m" $(($2 - 1))
    done
}
walk "" 3
[ "$nodes" -ge 10 ] || fail "only $nodes nodes walked"

# Games appended to a source and added by an update are counted too.
head -n 400 "$root/testdata/sample.pgn" >>all.pgn
"$PGNKIT" index -q --update games.pgnkit || fail "the update failed"
node ""
node "e4"

# A damaged row is damage, reported as such, not an answer.
sqlite3 games.pgnkit "UPDATE tree_counts SET data = x'05ff'" || fail "cannot damage the copy"
"$PGNKIT" stats --tree games.pgnkit >damaged.out 2>damaged.err
rc=$?
[ $rc -eq 3 ] || fail "a damaged row of counts: exit $rc, not 3"
grep -q "damaged" damaged.err || fail "a damaged row of counts: $(cat damaged.err)"
exit $status
