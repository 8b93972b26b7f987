"$PGNKIT" serve testdata/sample.pgn
