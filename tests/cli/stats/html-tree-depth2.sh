"$PGNKIT" stats --tree --depth 2 --format html testdata/stats/small.pgn
