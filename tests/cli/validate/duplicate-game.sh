# A game that repeats an earlier one (same start, same main-line moves; tags,
# comments and variations aside) gets the note duplicate-game naming the
# earlier game, in this file (its line) and in another (file:line); a shorter
# line, another move order and games without moves are not repeats.
"$PGNKIT" validate -j 2 testdata/validate/duplicates.pgn testdata/validate/duplicates-again.pgn
