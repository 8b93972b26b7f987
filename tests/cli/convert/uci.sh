"$PGNKIT" convert --format uci testdata/convert/annotated.pgn testdata/convert/chess960.pgn
