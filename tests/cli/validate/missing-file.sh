"$PGNKIT" validate /nonexistent/games.pgn
