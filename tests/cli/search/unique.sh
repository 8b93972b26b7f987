# --unique keeps the first of each start position + main line; the listing shows which.
"$PGNKIT" search --unique -l testdata/search/duplicates.pgn
