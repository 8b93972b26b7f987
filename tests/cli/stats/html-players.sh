"$PGNKIT" stats --players --format html testdata/stats/small.pgn
