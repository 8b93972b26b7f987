"$PGNKIT" perft startpos 4
