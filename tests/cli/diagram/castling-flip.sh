"$PGNKIT" diagram --moves "1. e4 c5 2. Nf3 d6 3. Bb5+ Bd7 4. O-O" --flip --no-coordinates testdata/diagram/arrows.pgn
