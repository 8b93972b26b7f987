"$PGNKIT" annotate --eco --plycount --termination --final-fen --hash testdata/annotate/facts.pgn
