"$PGNKIT" stats --openings testdata/stats/small.pgn
