"$PGNKIT" diagram --ply 4 --lang de --white Anna testdata/diagram/arrows.pgn
