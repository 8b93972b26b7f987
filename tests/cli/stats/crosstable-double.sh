"$PGNKIT" stats --crosstable testdata/standings/double-round-robin.pgn
