# A plies key of 99,999,999 made --merge allocate a histogram up to it
# (about 1 GB): refused before any memory is taken for it.
"$PGNKIT" stats --merge testdata/stats/merge/plies-99999999.json
