# Terminations count the first end the rules made (FIDE 9.6).
"$PGNKIT" stats testdata/ends/drawn_first.pgn | sed -n '/^termination/,/^$/p'
