# By hand: only 3... g6 lost 30 win points or more (53.7 -> 13.7), with 8 s left.
"$PGNKIT" search -c --time-trouble 8 testdata/search/clock-evals.pgn
"$PGNKIT" search --time-trouble 9 --mark-matches TT testdata/search/clock-evals.pgn
