# -q prints nothing; the exit status says whether a game was selected.
"$PGNKIT" search -q --white Tal testdata/sample.pgn; echo "exit $?"
"$PGNKIT" search -q --white Botvinnik testdata/sample.pgn; echo "exit $?"
