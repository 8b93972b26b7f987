# Tag criteria parse no moves of the games they turn down; --summary shows the work done.
"$PGNKIT" search -c --summary --white Steinitz --checkmate testdata/sample.pgn
"$PGNKIT" search -c --summary --checkmate testdata/sample.pgn
