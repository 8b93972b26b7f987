"$PGNKIT" diagram --graph --ply 3 testdata/diagram/arrows.pgn
