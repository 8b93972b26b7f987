"$PGNKIT" validate --strict testdata/strict/result-after-automatic-draw.pgn
