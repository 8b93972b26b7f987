# A negative count is no count: refused, nothing written.
"$PGNKIT" stats --merge testdata/stats/merge/negative.json
