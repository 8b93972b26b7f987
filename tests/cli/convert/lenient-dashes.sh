# Castling and results written with Unicode dashes come out as PGN writes them.
"$PGNKIT" convert -q --width 0 testdata/lenient/unicode-dashes.pgn
