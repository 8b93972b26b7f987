"$PGNKIT" annotate -j 3 --eco --plycount --termination --final-fen --hash testdata/annotate/facts.pgn
