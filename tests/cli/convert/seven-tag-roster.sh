"$PGNKIT" convert --seven-tag-roster testdata/convert/annotated.pgn testdata/convert/chess960.pgn
