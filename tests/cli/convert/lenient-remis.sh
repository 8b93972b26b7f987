# A result written as the word 'remis' or 'Remis' comes out as 1/2-1/2.
"$PGNKIT" convert -q --width 0 testdata/lenient/remis.pgn
