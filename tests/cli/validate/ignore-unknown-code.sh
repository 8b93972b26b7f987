"$PGNKIT" validate --ignore missing-tag,bad-rond testdata/strict/lichess-no-round.pgn
