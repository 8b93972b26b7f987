# A rating compared with text that is no number.
"$PGNKIT" search --where 'white_elo > "high"' testdata/sample.pgn
