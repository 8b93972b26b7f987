# A UTF-16 file comes out as UTF-8, without the byte order mark.
"$PGNKIT" convert --keep-invalid testdata/formats/encoding-utf16be.pgn
