"$PGNKIT" stats --players testdata/stats/clocks.pgn
