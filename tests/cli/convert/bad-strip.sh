"$PGNKIT" convert --strip comments,moves testdata/sample.pgn
