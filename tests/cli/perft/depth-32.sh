# Any depth: a position with one line of play is cheap to count 32 plies deep.
"$PGNKIT" perft "2b5/kpPp4/1p1P4/1P6/6p1/4p1P1/4PpPK/5B2 w - - 0 1" 32
