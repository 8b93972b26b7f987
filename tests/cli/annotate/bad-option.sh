"$PGNKIT" annotate --fen-comments --plies 0 testdata/annotate/facts.pgn
