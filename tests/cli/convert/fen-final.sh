"$PGNKIT" convert --format fen --ply final testdata/sample.pgn
