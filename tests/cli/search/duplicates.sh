# --duplicates prints only the repeats: same moves in other tags, German, a FEN of the
# start position, a variation, the same illegal move, other counters. The two header-only
# games are no repeat: other players (games without moves compare their tags too).
"$PGNKIT" search --duplicates -l testdata/search/duplicates.pgn
