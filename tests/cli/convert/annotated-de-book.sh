"$PGNKIT" convert --lang de --book testdata/convert/annotated.pgn
