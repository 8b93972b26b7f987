"$PGNKIT" validate --strict testdata/strict/tag-order.pgn
