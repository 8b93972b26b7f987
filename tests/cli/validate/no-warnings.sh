"$PGNKIT" validate --no-warnings testdata/broken/tags-bad-elo.pgn testdata/broken/illegal-no-piece-reaches.pgn
