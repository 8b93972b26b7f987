"$PGNKIT" convert --format xml testdata/sample.pgn
