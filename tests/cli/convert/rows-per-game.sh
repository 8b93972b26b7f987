"$PGNKIT" convert --format rows testdata/convert/plies.pgn
