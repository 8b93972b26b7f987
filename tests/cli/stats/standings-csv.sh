"$PGNKIT" stats --standings --tiebreak buchholz-cut1 --format csv testdata/standings/swiss-hand.pgn
