"$PGNKIT" annotate --eco --width 60 testdata/annotate/stale-tags.pgn
