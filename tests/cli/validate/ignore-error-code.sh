"$PGNKIT" validate --ignore illegal-move testdata/strict/lichess-no-round.pgn
