# Selected games come out byte for byte: comments, variations, NAGs, line breaks.
"$PGNKIT" search --player Paulsen testdata/sample.pgn
