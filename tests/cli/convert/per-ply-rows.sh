"$PGNKIT" convert --format rows --per ply --plies 2 testdata/convert/plies.pgn
