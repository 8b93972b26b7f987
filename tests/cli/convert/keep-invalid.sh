"$PGNKIT" convert --keep-invalid testdata/convert/invalid.pgn
