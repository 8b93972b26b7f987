"$PGNKIT" validate --strict testdata/strict/tag-format.pgn
