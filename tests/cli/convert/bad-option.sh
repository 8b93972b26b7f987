"$PGNKIT" convert --frobnicate testdata/sample.pgn
