"$PGNKIT" stats --elo testdata/stats/elo-three-one.pgn
