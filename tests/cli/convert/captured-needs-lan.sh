"$PGNKIT" convert --captured testdata/sample.pgn
