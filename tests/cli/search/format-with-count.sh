# -c prints no games: it does not go with --format.
"$PGNKIT" search -c --format json testdata/sample.pgn
