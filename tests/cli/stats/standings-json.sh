"$PGNKIT" stats --crosstable --layout grid --tiebreak sonneborn-berger --format json testdata/standings/swiss-hand.pgn
