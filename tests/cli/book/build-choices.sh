# Where pgnkit book chooses otherwise than make-book (pgnkit-book(1), DIFFERENCES), and
# its own --min-percent, counted by hand; a database of pgnkit index gives the book its
# PGN gives.
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
b=$t/b.bin
probe() {
    { "$PGNKIT" book "$@" "$b" 2>&1; echo "exit $?"; } | sed "s|$t/||"
}
# A game from a FEN is counted from its position: 3. Bb5 (1-0: weight 2).
"$PGNKIT" book -q -o "$b" --min-games 1 testdata/book/choices.pgn
probe --probe "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
# No Result tag: the result token 0-1 decides; 1. d4 scored 0 (left out), 1...d5 2.
probe --probe startpos
probe --probe-moves "1. d4"
# --min-percent 40 on hand.pgn: at the start e4 was played in 4 games of 6 (67 %), d4
# in 2 (33 %: left out); after 1. e4, e5 in 2 of 4 (50 %), c5 in 1 (25 %: left out),
# Nf6 in 1 (it scored 0: left out whatever the percentage, but its game counts).
"$PGNKIT" book -q -o "$b" --min-games 1 --min-percent 40 testdata/book/hand.pgn
probe --probe startpos
probe --probe-moves "1. e4"
# The database of hand.pgn makes make-book's book of hand.pgn.
cp testdata/book/hand.pgn "$t/hand.pgn"
"$PGNKIT" index -q "$t/hand.pgn" -o "$t/hand.pgnkit"
"$PGNKIT" book -q -o "$b" --min-games 1 "$t/hand.pgnkit"; echo "exit $?"
cmp "$b" testdata/book/hand.bin && echo "database: same book"
