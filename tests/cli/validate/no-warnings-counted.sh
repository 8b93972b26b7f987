"$PGNKIT" validate -w testdata/sample.pgn
