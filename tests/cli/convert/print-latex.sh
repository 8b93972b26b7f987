"$PGNKIT" convert --format latex testdata/print/small.pgn
