"$PGNKIT" validate --strict testdata/strict/spacing.pgn
