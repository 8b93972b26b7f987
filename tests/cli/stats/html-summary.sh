"$PGNKIT" stats  --format html testdata/stats/small.pgn
