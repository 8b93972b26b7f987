"$PGNKIT" perft "not a fen" 3
