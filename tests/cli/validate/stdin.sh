"$PGNKIT" validate < testdata/broken/ambiguous-rook-move.pgn
