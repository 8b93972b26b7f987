# --duplicates prints only the repeats: same moves in other tags, German, a FEN of the
# start position, a variation, header-only games, the same illegal move, other counters.
"$PGNKIT" search --duplicates -l testdata/search/duplicates.pgn
