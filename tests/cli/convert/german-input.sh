"$PGNKIT" convert testdata/reader/german.pgn
