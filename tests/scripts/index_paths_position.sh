#!/bin/sh
# index_paths_position.sh - search -c and -q --position through the database
# count the games that reach a position from the tree's counts (index_paths_position.h)
# and equal the scan's counts: the positions the test games reach most within 40
# plies and a few they reach once, on the corpus and testdata/index/paths.pgn, whose
# games reach one position in three move orders, twice in one game, at ply 36 (past
# the walk), from a SetUp position, just before an illegal move, only in a variation,
# and at their last move; testdata/index/late.pgn reaches 1. e4 only at ply 33. A
# position no game reaches gives 0 and exit status 1. The counts must be read: a
# damaged row of them is reported (exit status 3), while a position without a row
# is still answered from the records.
. tests/scripts/index_setup.inc
. "$root/tests/scripts/index_paths_same.inc"

same() { same_count --position "$1"; }

# The target of paths.pgn (after 1. d4 d5 2. Nf3 Nf6): 13 of its games reach it,
# a hand count (games 1-12 and 15; 13 and 14 do not).
target='rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 2 3'
"$PGNKIT" index -q paths.pgn -o paths.pgnkit 2>/dev/null || fail "index of paths.pgn failed"
n=$("$PGNKIT" search -c --position "$target" paths.pgnkit)
[ "$n" = 13 ] || fail "the target of paths.pgn: $n games, not 13"
same "$target"
# The same board without the kingside castling rights, and one no game reaches.
same 'rnbqkb1r/ppp1pppp/5n2/3p4/3P4/4PN2/PPP2PPP/RNBQKBR1 b Qq - 0 5'
same 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1'
same '8/8/8/4k3/8/8/8/4K3 w - - 0 1'
# 1. e4 and the start: late.pgn reaches them past the walk.
same 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
same 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'

# The positions of the games' first 40 plies: the 40 most frequent, and 10 met once.
"$PGNKIT" convert --format fen --ply 0-40 all.pgn 2>/dev/null | cut -d' ' -f1-4 |
    sort | uniq -c | sort -k1,1nr -k2 >fens
{ head -n 40 fens; awk '$1 == 1' fens | head -n 10; } | sed 's/^ *[0-9]* //' >picked
checked=0
while read -r fen; do
    same "$fen 0 1"
    checked=$((checked + 1))
done <picked
[ "$checked" -ge 45 ] || fail "only $checked positions checked"

# The counts are read, not the records: a damaged row is damage (exit 3) ...
sqlite3 games.pgnkit "UPDATE tree_counts SET data = x'05ff'" || fail "cannot damage the copy"
"$PGNKIT" search -c --position "$target" games.pgnkit >damaged.out 2>damaged.err
rc=$?
[ $rc -eq 3 ] || fail "a damaged row of counts: exit $rc, not 3 ($(cat damaged.out))"
grep -q "damaged" damaged.err || fail "a damaged row of counts: $(cat damaged.err)"
# ... and a position without a row (rarer than the minimum) is counted as before.
same '8/8/8/4k3/8/8/8/4K3 w - - 0 1'
same "$(awk '$1 == 1 { sub(/^ *[0-9]* /, ""); print; exit }' fens) 0 1"
exit $status
