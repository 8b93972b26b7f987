# An unknown option prints the usage to standard error; exit status 2.
"$PGNKIT" search --no-such-option testdata/sample.pgn
