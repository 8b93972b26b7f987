# --tags-file: pgn-extract's -t format; the two White lines are alternatives, the tags all
# hold; a value is a prefix unless an operator is given (>=, =~ ...).
"$PGNKIT" search --list --tags-file testdata/search/tags.txt testdata/sample.pgn
