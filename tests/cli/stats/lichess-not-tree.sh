"$PGNKIT" stats --format lichess testdata/explorer/italian.pgn
