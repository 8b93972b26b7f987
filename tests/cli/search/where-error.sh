# A syntax error in --where names the problem and points at its column; exit status 2.
"$PGNKIT" search --where 'player ~ "Carlsen" and (result = "1-0" or plies < 40' testdata/sample.pgn
