"$PGNKIT" convert --format plain testdata/convert/plies.pgn
