"$PGNKIT" validate --strict testdata/strict/tag-sort.pgn
