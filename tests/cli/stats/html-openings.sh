"$PGNKIT" stats --openings --format html testdata/stats/small.pgn
