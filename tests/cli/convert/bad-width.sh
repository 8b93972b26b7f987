"$PGNKIT" convert --width -1 testdata/sample.pgn
