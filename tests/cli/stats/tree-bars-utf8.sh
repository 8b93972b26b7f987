# The W/D/B bar of each move in block characters (UTF-8 locale, not a terminal: no colour).
LC_ALL=C.UTF-8 "$PGNKIT" stats --tree --depth 2 testdata/stats/small.pgn
