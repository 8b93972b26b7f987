# A name without a letter is refused.
"$PGNKIT" search --player-like ', .' testdata/search/names.pgn
