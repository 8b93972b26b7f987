"$PGNKIT" convert --format epd --ply start,10-12,final testdata/convert/annotated.pgn testdata/convert/results.pgn
