"$PGNKIT" convert testdata/convert/annotated.pgn /nonexistent/games.pgn
