"$PGNKIT" stats testdata/stats/small.pgn
