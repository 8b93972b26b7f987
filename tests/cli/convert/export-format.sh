# The export format, by hand: the Seven Tag Roster in its order (Round filled
# in), the other tags in ASCII order, movetext lines under 80 characters; a
# FEN with castling rights only Chess960 has gets SetUp and a Variant tag.
# validate --strict accepts both.
"$PGNKIT" convert -q testdata/convert/export-format.pgn
"$PGNKIT" convert -q testdata/corpus/books_frc_3moves.pgn | sed -n 1,12p
"$PGNKIT" convert -q testdata/convert/export-format.pgn | "$PGNKIT" validate --strict -
"$PGNKIT" convert -q testdata/corpus/books_frc_3moves.pgn | "$PGNKIT" validate --strict -
