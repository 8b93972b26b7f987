"$PGNKIT" convert --fix-results testdata/convert/results.pgn
