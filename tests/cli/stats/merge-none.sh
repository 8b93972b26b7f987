"$PGNKIT" stats --merge
