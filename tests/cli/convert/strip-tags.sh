"$PGNKIT" convert --strip tags testdata/convert/annotated.pgn
