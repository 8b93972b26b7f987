LC_ALL=C "$PGNKIT" stats --tree -j1 testdata/stats/bad-fen.pgn testdata/stats/small.pgn
