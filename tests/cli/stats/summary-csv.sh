"$PGNKIT" stats --format csv testdata/stats/small.pgn
