"$PGNKIT" stats --tree --moves "1. e4" --depth 2 --format csv testdata/stats/small.pgn
