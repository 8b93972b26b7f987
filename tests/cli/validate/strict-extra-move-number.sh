"$PGNKIT" validate --strict testdata/strict/extra-move-number.pgn
