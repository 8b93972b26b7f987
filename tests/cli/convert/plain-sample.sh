"$PGNKIT" convert --format plain --skip-opening 3 --min-ply 5 testdata/convert/plies.pgn
