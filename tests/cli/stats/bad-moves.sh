"$PGNKIT" stats --tree --moves "1. e4 Ke7" testdata/stats/small.pgn
