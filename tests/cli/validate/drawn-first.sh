# A decisive result after an automatic draw (fivefold repetition) that a
# checkmate followed: the result is reported against the draw, which came first.
"$PGNKIT" validate testdata/ends/drawn_first.pgn
