"$PGNKIT" validate --max-errors 0 testdata/sample.pgn
