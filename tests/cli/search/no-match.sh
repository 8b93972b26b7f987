# Nothing selected: exit status 1, as grep; -c prints 0.
"$PGNKIT" search -c --white 'Nobody at all' testdata/sample.pgn
