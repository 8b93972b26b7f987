"$PGNKIT" validate --strict testdata/strict/suffix-annotation.pgn
