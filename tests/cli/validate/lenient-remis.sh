# A game ending in the word 'remis' (German for a draw; any case) reads it as
# the result 1/2-1/2, with a result-form warning, and the game after it stays
# a game of its own; -j 2 (the lazy reader) reads the same.
"$PGNKIT" validate testdata/lenient/remis.pgn
"$PGNKIT" validate -j 2 testdata/lenient/remis.pgn
"$PGNKIT" validate --format json testdata/lenient/remis.pgn 2>/dev/null | grep -o '"code":"[a-z-]*"'
