"$PGNKIT" validate --strict testdata/strict/line-length.pgn
