"$PGNKIT" convert --strip evals,arrows testdata/convert/annotated.pgn
