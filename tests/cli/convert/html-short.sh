"$PGNKIT" convert -q --format html --lang de testdata/html/short.pgn
