"$PGNKIT" diagram --graph testdata/annotate/lichess-evals.pgn
