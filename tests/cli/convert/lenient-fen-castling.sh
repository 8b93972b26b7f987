# The start positions after the castling rights no king or rook backs are dropped.
"$PGNKIT" convert -q --format fen --ply start testdata/lenient/fen-castling.pgn
