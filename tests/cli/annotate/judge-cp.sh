"$PGNKIT" annotate --judge-model cp testdata/annotate/lichess-evals.pgn
