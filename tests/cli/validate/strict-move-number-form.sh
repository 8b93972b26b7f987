"$PGNKIT" validate --strict testdata/strict/move-number-form.pgn
