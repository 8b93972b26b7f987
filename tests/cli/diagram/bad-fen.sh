"$PGNKIT" diagram --fen "8/8/8/8/8/8/8/8 w - - 0 1"
