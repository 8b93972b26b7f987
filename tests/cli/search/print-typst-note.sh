"$PGNKIT" search --format typst --white Brien testdata/print/small.pgn
