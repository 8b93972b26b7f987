"$PGNKIT" convert --format epd --ply 5-2 testdata/sample.pgn
