"$PGNKIT" validate --strict testdata/strict/missing-move-number.pgn
