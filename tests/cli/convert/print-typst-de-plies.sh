"$PGNKIT" convert --format typst --lang de --diagram-ply start,6,final --strip comments testdata/print/small.pgn
