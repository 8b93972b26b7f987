"$PGNKIT" convert --width 0 --strip tags testdata/convert/annotated.pgn
