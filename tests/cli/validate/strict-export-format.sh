"$PGNKIT" validate --strict testdata/strict/export-format.pgn
