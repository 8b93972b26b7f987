"$PGNKIT" convert --format csv --per ply testdata/convert/clock-kinds.pgn
