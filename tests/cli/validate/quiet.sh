"$PGNKIT" validate -q testdata/broken/illegal-pinned-piece.pgn
