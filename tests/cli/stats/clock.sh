"$PGNKIT" stats --clock testdata/stats/clocks.pgn
