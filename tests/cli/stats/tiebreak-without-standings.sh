"$PGNKIT" stats --tiebreak buchholz testdata/standings/swiss-hand.pgn
