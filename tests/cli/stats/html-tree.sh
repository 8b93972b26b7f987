"$PGNKIT" stats --tree --format html testdata/stats/small.pgn
