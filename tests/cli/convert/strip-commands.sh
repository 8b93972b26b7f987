"$PGNKIT" convert --strip commands testdata/convert/annotated.pgn
