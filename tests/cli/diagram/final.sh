# The default, --ply final: the last position, its last move tinted and named in the caption.
"$PGNKIT" diagram --white Anna testdata/diagram/arrows.pgn | grep -o "<title>[^<]*\|<rect x=\"[0-9]*\" y=\"[0-9]*\" width=\"45\" height=\"45\"/>"
