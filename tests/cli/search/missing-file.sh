# An unreadable input: a message and exit status 3 (after the other inputs), and
# no count: a total of part of the input is no answer.
"$PGNKIT" search -c testdata/no-such-file.pgn testdata/sample.pgn
