"$PGNKIT" convert --strip clocks testdata/convert/clock-kinds.pgn
