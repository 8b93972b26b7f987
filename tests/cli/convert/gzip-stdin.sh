"$PGNKIT" convert --format uci < testdata/sample.pgn.gz
