"$PGNKIT" perft --bogus startpos 1
