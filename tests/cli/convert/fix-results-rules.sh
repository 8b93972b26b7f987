# --fix-results: fivefold repetition and the 75-move rule draw, the result token
# wins over a Result tag that differs, the tag over a token *; a note per game.
"$PGNKIT" convert --fix-results testdata/convert/fix-results-rules.pgn
