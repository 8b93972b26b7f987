"$PGNKIT" serve --port 70000 testdata/sample.pgn
