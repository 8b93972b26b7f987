# A FEN fullmove number 0 is read as 1, with a warning (issue 20).
"$PGNKIT" validate testdata/strict/fen-fullmove-zero.pgn
