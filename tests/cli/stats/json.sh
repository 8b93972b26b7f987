"$PGNKIT" stats --format json testdata/stats/small.pgn
