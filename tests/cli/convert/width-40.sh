"$PGNKIT" convert --width 40 testdata/convert/annotated.pgn
