"$PGNKIT" validate --strict testdata/strict/tab.pgn
