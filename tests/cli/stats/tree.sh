"$PGNKIT" stats --tree testdata/stats/small.pgn
