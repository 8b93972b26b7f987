"$PGNKIT" convert --notation short testdata/sample.pgn
