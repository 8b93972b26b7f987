"$PGNKIT" diagram -o /nonexistent/dir testdata/diagram/arrows.pgn
