"$PGNKIT" stats --fen "8/8/8/8/8/8/8/K1k5 w - - 0 1" testdata/stats/small.pgn
