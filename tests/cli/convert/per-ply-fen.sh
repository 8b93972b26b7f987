"$PGNKIT" convert --format csv --per ply --fen --plies 1 testdata/convert/plies.pgn
