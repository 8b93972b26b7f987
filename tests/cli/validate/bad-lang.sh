"$PGNKIT" validate --lang xx testdata/sample.pgn
