"$PGNKIT" validate --lang de testdata/corpus/german_schachfeld.pgn
