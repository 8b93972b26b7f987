"$PGNKIT" convert --plies 6 testdata/convert/annotated.pgn testdata/sample.pgn | head -n 40
