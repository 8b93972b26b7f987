"$PGNKIT" convert --strip comments,variations,nags testdata/convert/annotated.pgn
