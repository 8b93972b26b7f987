"$PGNKIT" serve --host localhost testdata/sample.pgn
