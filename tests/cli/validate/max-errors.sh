"$PGNKIT" validate --max-errors 2 testdata/broken/illegal-*.pgn
