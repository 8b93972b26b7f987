# --ignore drops the lichess exports' missing-Round warnings and counts them.
"$PGNKIT" validate --ignore missing-tag testdata/strict/lichess-no-round.pgn
