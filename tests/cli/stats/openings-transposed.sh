"$PGNKIT" stats --openings --format tsv testdata/stats/najdorf.pgn
