"$PGNKIT" convert testdata/reader/cp1252.pgn
