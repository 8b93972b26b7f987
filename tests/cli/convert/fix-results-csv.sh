"$PGNKIT" convert --fix-results --format csv --columns Round,Result,result,end testdata/convert/results.pgn
