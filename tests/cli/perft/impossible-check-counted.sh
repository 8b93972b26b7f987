# A position no game reaches still has well-defined moves: counted, with a warning.
"$PGNKIT" perft "3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - - 0 1" 3
