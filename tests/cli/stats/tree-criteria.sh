"$PGNKIT" stats --tree --depth 2 --result 1-0,1/2-1/2 --format tsv testdata/stats/small.pgn
