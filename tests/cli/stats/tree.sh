LC_ALL=C "$PGNKIT" stats --tree testdata/stats/small.pgn
