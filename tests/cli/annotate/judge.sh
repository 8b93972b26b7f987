"$PGNKIT" annotate --judge testdata/annotate/lichess-judged.pgn
