# Final positions dead by a blockade (pawns locked for good, kings and
# pieces shut in): a decisive result is an error, '*' a warning; the near
# misses (kings that walk round, a bishop that can be given up) are not dead.
"$PGNKIT" validate testdata/ending/blockades.pgn
