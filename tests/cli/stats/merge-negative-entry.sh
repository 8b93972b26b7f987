# A negative field of a table entry (a player's losses): refused, nothing written.
"$PGNKIT" stats --merge testdata/stats/merge/negative-entry.json
