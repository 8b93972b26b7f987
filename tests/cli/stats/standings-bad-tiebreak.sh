"$PGNKIT" stats --standings --tiebreak buchholz,koya testdata/standings/swiss-hand.pgn
