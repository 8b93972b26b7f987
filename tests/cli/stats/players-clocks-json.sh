"$PGNKIT" stats --players --format json testdata/stats/clocks.pgn
