"$PGNKIT" stats --crosstable --tiebreak buchholz --format html testdata/standings/swiss-hand.pgn
