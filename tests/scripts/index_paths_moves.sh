#!/bin/sh
# index_paths_moves.sh - search -c and -q --moves through the database count the
# games that start with a line from the path counts (index_paths.h) and equal the
# scan's counts: the lines of 1 to 31 moves the test games start with most, and a
# few only one game starts with, on the corpus and testdata/index/paths.pgn, whose
# games reach one position in three move orders (a line is a path, not a
# position), end on a line, start from a SetUp position, or go wrong (an illegal
# move, a game with no moves). A line no game starts with gives 0 and exit
# status 1. The counts must be read: a row changed by hand changes the answer,
# a game listed as unsure is read, a malformed list is damage, while a line
# without a row (rarer, or longer than 30 moves) is still answered from the
# records.
. tests/scripts/index_setup.inc
. "$root/tests/scripts/index_paths_same.inc"
rows=$(sqlite3 games.pgnkit "SELECT count(*) FROM path_counts" 2>&1)
case $rows in ''|0|*[!0-9]*) fail "the database has no path counts: $rows" ;; esac

same() { same_count --moves "$1"; }

# Hand counts in paths.pgn: games 1-4, 9, 12 and 15 start with 1. d4 d5 2. Nf3 Nf6
# (game 11 reaches it from a SetUp position, 5-8 in other move orders).
cp paths.pgn hand.pgn
"$PGNKIT" index -q hand.pgn -o hand.pgnkit 2>/dev/null || fail "index of paths.pgn failed"
for want in '1. d4 d5 2. Nf3 Nf6|7' '1. d4|11' '1. Nf3 Nf6 2. d4 d5|2' '1. d4 Nf6 2. Nf3 d5|2' \
    '1. h4|0'; do
    n=$("$PGNKIT" search -c --moves "${want%|*}" hand.pgnkit)
    [ "$n" = "${want#*|}" ] || fail "paths.pgn --moves '${want%|*}': $n games, not ${want#*|}"
    same "${want%|*}"
done

# The lines the games start with: the 40 most frequent of 1, 2, 3, 4, 6, 8, 12, 20,
# 30 and 31 moves, and 10 that one game starts with.
"$PGNKIT" convert --format csv --columns moves all.pgn 2>/dev/null | sed 1d | tr -d '"' |
    awk '{ for (k = 1; k <= NF && k <= 31; k++) { line = line (k > 1 ? " " : "") $k
           if (k ~ /^(1|2|3|4|6|8|12|20|30|31)$/) print line } line = "" }' |
    sort | uniq -c | sort -k1,1nr -k2 >lines
{ head -n 40 lines; awk '$1 == 1' lines | head -n 10; } | sed 's/^ *[0-9]* //' >picked
checked=0
while read -r line; do
    same "$line"
    checked=$((checked + 1))
done <picked
[ "$checked" -ge 45 ] || fail "only $checked lines checked"

# Games appended to a source and added by an update are counted too.
cat "$root/testdata/index/paths.pgn" >>paths.pgn
"$PGNKIT" index -q --update games.pgnkit 2>/dev/null || fail "the update failed"
same '1. d4'
same '1. d4 d5 2. Nf3 Nf6'

# The counts are read, not the records: a row changed by hand changes the answer
# (1. d4 starts more than 8 games of each source) ...
before=$("$PGNKIT" search -c --moves '1. d4' games.pgnkit)
sqlite3 games.pgnkit "UPDATE path_counts SET games = games + 1000" || fail "cannot change the copy"
after=$("$PGNKIT" search -c --moves '1. d4' games.pgnkit)
[ "$after" = $((before + 2000)) ] ||
    fail "1. d4 after adding 1000 to each source's row: $after, not $((before + 2000))"
# A game listed as unsure is read from its source and matched: game 1 of
# paths.pgn, taken out of the row of 1. d4 (the only line 11 of its games start
# with), is counted again by its reading. A malformed list is damage (exit 3).
sqlite3 hand.pgnkit "UPDATE path_counts SET games = 10 WHERE games = 11;
                      UPDATE path_sources SET unsure = x'01'" || fail "cannot change hand.pgnkit"
n=$("$PGNKIT" search -c --moves '1. d4' hand.pgnkit)
[ "$n" = 11 ] || fail "1. d4 with game 1 unsure: $n games, not 11"
sqlite3 hand.pgnkit "UPDATE path_sources SET unsure = x'00'" || fail "cannot damage hand.pgnkit"
"$PGNKIT" search -c --moves '1. d4' hand.pgnkit >damaged.out 2>damaged.err
rc=$?
[ $rc -eq 3 ] && grep -q "damaged" damaged.err ||
    fail "a malformed list of unsure games: exit $rc, $(cat damaged.out damaged.err)"
# ... and a line without a row is counted as before.
same "$(awk '$1 == 1 { sub(/^ *[0-9]* /, ""); print; exit }' lines)"
same '1. h4 h5'
exit $status
