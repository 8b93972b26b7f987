# Probing the book Polyglot's make-book wrote from testdata/book/hand.pgn: moves, weights
# and percentages counted by hand (2 a win, 1 a draw or '*', 0 a loss, for the side that
# moved): start e4 2+0+1+2=5, d4 2+1=3; after 1.e4 c5 2, e5 0+1=1 (Nf6 scored 0: left
# out); 4. O-O is the book's e1h1 (king takes rook); 3. exd6 is found because the key
# hashes the d-file when a pawn can take en passant. The key after 1.e4 is the one
# Polyglot's book format page publishes.
b=testdata/book/hand.bin
"$PGNKIT" book --probe startpos $b; echo "exit $?"
"$PGNKIT" book --probe-moves "1. e4" $b; echo "exit $?"
"$PGNKIT" book --probe-moves "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5" $b; echo "exit $?"
"$PGNKIT" book --probe-moves "1. e4 Nf6 2. e5 d5" $b; echo "exit $?"
# The same position with no en-passant square has another key, and no move.
"$PGNKIT" book --probe "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3" $b; echo "exit $?"
# An en-passant square no pawn can use is not hashed: 1. e4 with e3 is 1. e4.
"$PGNKIT" book --probe "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1" $b; echo "exit $?"
