"$PGNKIT" convert --format csv --per ply testdata/convert/plies.pgn
