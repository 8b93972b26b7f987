"$PGNKIT" diagram testdata/diagram/arrows.pgn > /dev/null
