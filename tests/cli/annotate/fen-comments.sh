"$PGNKIT" annotate --fen-comments --width 0 testdata/annotate/facts.pgn
