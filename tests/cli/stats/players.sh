"$PGNKIT" stats --players testdata/stats/small.pgn
