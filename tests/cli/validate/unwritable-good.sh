"$PGNKIT" validate --good /nonexistent/dir/good.pgn testdata/sample.pgn
