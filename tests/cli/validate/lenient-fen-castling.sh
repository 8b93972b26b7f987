# FEN castling rights without their king or rook at home are dropped with a
# warning (python-chess and scalachess do the same) instead of skipping the game;
# without a Variant tag a Chess960 array with KQkq is read as Chess960, with a warning.
"$PGNKIT" validate --ignore missing-tag testdata/lenient/fen-castling.pgn testdata/lenient/chess960-no-variant.pgn
