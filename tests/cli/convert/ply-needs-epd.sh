"$PGNKIT" convert --ply final testdata/sample.pgn
