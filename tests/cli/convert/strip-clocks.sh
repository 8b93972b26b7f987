"$PGNKIT" convert --strip clocks testdata/convert/annotated.pgn
