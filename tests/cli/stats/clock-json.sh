"$PGNKIT" stats --clock --format json testdata/stats/clocks.pgn
