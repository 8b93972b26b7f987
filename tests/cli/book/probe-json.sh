# --format json: the same moves as the text, with the book's own move number
# (0x0107 = 263 is e1h1, castling as king takes rook).
b=testdata/book/hand.bin
"$PGNKIT" book --probe startpos --format json $b; echo "exit $?"
"$PGNKIT" book --probe-moves "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5" --format json $b; echo "exit $?"
"$PGNKIT" book --probe-moves "1. h4" --format json $b; echo "exit $?"
