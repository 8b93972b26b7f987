# --dead-position finds the locked chains whose kings and pieces can never
# reach anything, and none of the near misses (a pawn free to push, en
# passant, a bishop or knight that can be given up to open the chain).
"$PGNKIT" search --dead-position --format csv --columns Round,Event,final_fen testdata/ending/fortresses.pgn
