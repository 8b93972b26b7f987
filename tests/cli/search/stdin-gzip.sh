# Standard input, '-' and gzip input give the same answer.
"$PGNKIT" search -c --player Steinitz < testdata/sample.pgn
"$PGNKIT" search -c --player Steinitz - < testdata/sample.pgn.gz
"$PGNKIT" search -c --player Steinitz testdata/sample.pgn.gz
