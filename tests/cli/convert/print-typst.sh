"$PGNKIT" convert --format typst testdata/print/small.pgn
