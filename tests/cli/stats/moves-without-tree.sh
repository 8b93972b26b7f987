"$PGNKIT" stats --moves "1. e4" testdata/stats/small.pgn
