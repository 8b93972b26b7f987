"$PGNKIT" convert --format pgn --diagram-ply 3 testdata/print/small.pgn
