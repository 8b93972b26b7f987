LC_ALL=C "$PGNKIT" validate -v testdata/broken/illegal-castling-through-check.pgn
