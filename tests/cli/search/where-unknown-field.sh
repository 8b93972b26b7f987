# A lowercase name that is no field is a typo, not a missing tag: an error with a suggestion.
"$PGNKIT" search -c --where 'elo > 2700' testdata/sample.pgn
echo "exit $?"
"$PGNKIT" search -c --where 'whtie ~ "x"' testdata/sample.pgn
echo "exit $?"
"$PGNKIT" search -c --where 'plycount > 3' testdata/sample.pgn
echo "exit $?"
# Tags are reached as written, with their capital.
"$PGNKIT" search -c --where 'PlyCount > 3 or WhiteElo > 2700' testdata/sample.pgn
