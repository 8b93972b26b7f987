"$PGNKIT" validate --format xml testdata/sample.pgn
