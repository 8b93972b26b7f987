#!/bin/sh
# index_paths_stage.sh - the path counts (index_paths_build.c) of a source with more
# lines of INDEX_PATHS_MIN (8) games or more than the stage table first holds, so that
# the table doubles twice while the games are counted: every such line gets its row
# with its number of games, as an awk count of the same games' first 1 to 30 moves
# says. The games are generated here: knights going out and back from their home
# squares (every move legal and written one way), 2400 lines of 30 plies, each played
# 1 to 12 times, about 25,000 lines of 8 games or more.
# SPDX-License-Identifier: MIT
. tests/scripts/index_setup.inc
. "$root/tests/scripts/need.inc"
need sqlite3

awk -v seed=40 -v lines=2400 '
function move(side,    k, outs, sq, n) {
    k = int(rand() * 2) # which knight: 0 the king side one, 1 the queen side one
    if (at[side, k] != "") {
        sq = home[side, k]
        at[side, k] = ""
    } else {
        n = split(away[side, k], outs, " ")
        sq = outs[1 + int(rand() * n)]
        at[side, k] = sq
    }
    return "N" sq
}
BEGIN {
    srand(seed)
    home["w", 0] = "g1"; away["w", 0] = "f3 h3"; home["w", 1] = "b1"; away["w", 1] = "a3 c3"
    home["b", 0] = "g8"; away["b", 0] = "f6 h6"; home["b", 1] = "b8"; away["b", 1] = "a6 c6"
    for (i = 1; i <= lines; i++) {
        split("", at)
        text = ""
        for (p = 0; p < 30; p++)
            text = text (p % 2 ? "" : (p / 2 + 1) ". ") move(p % 2 ? "b" : "w") " "
        for (c = 0; c < 1 + (i * 7) % 12; c++)
            printf "[Event \"shuffle %d\"]\n[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n\n%s*\n\n",
                i, text
    }
}' >shuffle.pgn

# The oracle: the games of every line of 1 to 30 moves, those of 8 games or more, sorted.
awk '/^1\. / {
    line = ""
    for (f = 1; f <= NF; f++)
        if ($f ~ /^N/) {
            line = line " " $f
            games[line]++
        }
}
END { for (l in games) if (games[l] >= 8) print games[l] }' shuffle.pgn | sort -n >want
lines=$(wc -l <want)
[ "$lines" -gt 24576 ] || fail "only $lines lines of 8 games: the stage table would not double twice"

"$PGNKIT" index -q shuffle.pgn -o games.pgnkit || { echo "index failed"; exit 1; }
sqlite3 games.pgnkit "SELECT games FROM path_counts ORDER BY games" >got || fail "cannot read path_counts"
cmp -s want got || fail "path_counts has $(wc -l <got) rows, the games have $lines lines of 8 games" \
    "or more (or their numbers of games differ)"

# Two of those lines through the database, as the scan counts them.
for moves in '1. Nc3 Nh6 2. Nh3' '1. Nf3 Nf6 2. Ng1 Ng8 3. Nh3 Nc6 4. Ng1'; do
    s=$("$PGNKIT" search -c --moves "$moves" shuffle.pgn)
    d=$("$PGNKIT" search -c --moves "$moves" games.pgnkit)
    [ "$s" = "$d" ] || fail "search -c --moves '$moves': scan $s, database $d"
done
exit $status
