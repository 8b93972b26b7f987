"$PGNKIT" stats --format xml testdata/stats/small.pgn
