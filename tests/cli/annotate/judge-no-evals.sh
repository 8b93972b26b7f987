# --judge on a game without [%eval] comments judges nothing, and says so.
head -n 35 testdata/sample.pgn | "$PGNKIT" annotate --judge --width 0 >/dev/null
