"$PGNKIT" convert --format csv testdata/sample.pgn
