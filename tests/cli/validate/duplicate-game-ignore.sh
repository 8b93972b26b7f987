# --ignore duplicate-game: no repeats looked for.
"$PGNKIT" validate --ignore duplicate-game testdata/validate/duplicates.pgn
