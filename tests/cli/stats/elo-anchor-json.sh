"$PGNKIT" stats --elo --anchor B=2000 --format json testdata/stats/elo-three-one.pgn
