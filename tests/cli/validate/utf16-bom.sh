# UTF-16 (both byte orders) and UTF-8 with a byte order mark: the same diagnostics, at the
# same lines and columns (bytes of the UTF-8 text), as the UTF-8 file testdata/formats/encoding.pgn.
d=testdata/formats
"$PGNKIT" validate $d/encoding-utf16le.pgn $d/encoding-utf16be.pgn $d/encoding-utf8-bom.pgn
