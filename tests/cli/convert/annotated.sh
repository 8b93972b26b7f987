"$PGNKIT" convert testdata/convert/annotated.pgn
