"$PGNKIT" help perft
