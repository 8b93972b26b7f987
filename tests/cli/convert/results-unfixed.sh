"$PGNKIT" convert testdata/convert/results.pgn
