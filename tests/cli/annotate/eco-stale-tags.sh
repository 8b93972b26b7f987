"$PGNKIT" annotate --eco --plycount testdata/annotate/stale-tags.pgn
