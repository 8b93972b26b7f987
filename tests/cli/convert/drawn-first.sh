# CSV end and --fix-results follow the first end the rules made.
"$PGNKIT" convert --format csv --columns White,Black,result,end testdata/ends/drawn_first.pgn
"$PGNKIT" convert --fix-results --format csv --columns White,result,end testdata/ends/drawn_first.pgn
