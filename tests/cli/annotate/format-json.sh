"$PGNKIT" annotate --eco --format json testdata/annotate/facts.pgn
