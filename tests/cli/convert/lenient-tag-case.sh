# Tag names in another case come out in their standard spelling.
"$PGNKIT" convert -q testdata/lenient/tag-case-fen.pgn testdata/lenient/tag-case.pgn
