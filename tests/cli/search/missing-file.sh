# An unreadable input: a message and exit status 3 (after the other inputs).
"$PGNKIT" search -c testdata/no-such-file.pgn testdata/sample.pgn
