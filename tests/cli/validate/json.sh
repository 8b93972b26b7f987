"$PGNKIT" validate --format json testdata/broken/illegal-pinned-piece.pgn testdata/broken/tags-missing-roster.pgn
