"$PGNKIT" diagram --page -o testdata/diagram/arrows.pgn testdata/diagram/arrows.pgn
