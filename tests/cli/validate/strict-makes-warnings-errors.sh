"$PGNKIT" validate --strict testdata/broken/check-mark-missing.pgn
