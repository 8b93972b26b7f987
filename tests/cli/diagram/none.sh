"$PGNKIT" diagram --ply 40 testdata/diagram/arrows.pgn
