"$PGNKIT" convert testdata/sample.pgn
