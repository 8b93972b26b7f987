"$PGNKIT" convert --lang xx testdata/sample.pgn
