"$PGNKIT" stats --tree --depth 3 --lang de testdata/stats/small.pgn
