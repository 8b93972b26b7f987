"$PGNKIT" convert --format json testdata/convert/annotated.pgn testdata/convert/results.pgn
