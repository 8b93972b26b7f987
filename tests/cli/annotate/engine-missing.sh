"$PGNKIT" annotate --engine ./no/such/engine testdata/annotate/facts.pgn
