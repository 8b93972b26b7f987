"$PGNKIT" convert testdata/convert/invalid.pgn
