"$PGNKIT" stats --white Alpha --format csv testdata/stats/small.pgn
