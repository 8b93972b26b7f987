"$PGNKIT" stats --elo --anchor Nobody=2000 testdata/stats/elo-three-one.pgn
