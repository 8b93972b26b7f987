# A plies histogram key past the longest game the reader takes (100,000
# plies, its limit on moves) cannot come from a stats run: refused, nothing
# written. 100,000 itself is taken.
"$PGNKIT" stats --merge testdata/stats/merge/plies-100000.json >/dev/null || echo "100000 plies refused"
"$PGNKIT" stats --merge testdata/stats/merge/plies-100001.json
