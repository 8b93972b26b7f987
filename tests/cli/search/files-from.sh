# --files-from: the inputs listed one a line, here on standard input; with a FILE given too.
printf 'testdata/sample.pgn\n\ntestdata/search/names.pgn\n' |
    "$PGNKIT" search --count --files-from - testdata/sample.pgn
