"$PGNKIT" perft startpos x
