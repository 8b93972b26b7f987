"$PGNKIT" annotate --width 80 --eco --plycount --termination --final-fen --hash testdata/annotate/facts.pgn
