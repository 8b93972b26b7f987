LC_ALL=C "$PGNKIT" stats --tree --fen "7k/4Q3/6K1/8/8/8/8/8 w - - 0 1" testdata/stats/small.pgn
