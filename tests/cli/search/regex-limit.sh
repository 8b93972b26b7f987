# A pathological pattern gives up at its match limit on every game: no match, one warning.
"$PGNKIT" search -c --match-limit 1000 --white '^(\w+\s?)*$' testdata/sample.pgn
