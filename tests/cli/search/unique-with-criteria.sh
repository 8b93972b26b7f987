# Duplicates are judged among the selected games only; -c counts what is left.
"$PGNKIT" search --unique -c --event '^(Dup|Same|Start)' testdata/search/duplicates.pgn
"$PGNKIT" search --duplicates -c --event '^(Dup|Same|Start)' testdata/search/duplicates.pgn
"$PGNKIT" search --unique -c testdata/search/duplicates.pgn testdata/search/duplicates.pgn
