# --rest: the games not selected, as read, in one run: with the selected ones they are the
# input, whatever the threads; the file is never an input nor the other output.
tmp=$(mktemp -d)
"$PGNKIT" search -j 2 --player Anderssen --rest "$tmp/rest.pgn" testdata/sample.pgn >"$tmp/sel.pgn"
echo "exit $?"
grep -c '^\[Event ' "$tmp/sel.pgn" "$tmp/rest.pgn" | sed "s|$tmp/||"
"$PGNKIT" search --player Anderssen testdata/sample.pgn | cmp - "$tmp/sel.pgn" && echo "selected as without --rest"
"$PGNKIT" search -v --player Anderssen testdata/sample.pgn | cmp - "$tmp/rest.pgn" && echo "rest is -v"
"$PGNKIT" search -j 1 -c --player Anderssen --rest "$tmp/rest1.pgn" testdata/sample.pgn
cmp "$tmp/rest.pgn" "$tmp/rest1.pgn" && echo "same with -j 1 and -c"
"$PGNKIT" search --player Anderssen --rest testdata/sample.pgn testdata/sample.pgn
echo "exit $?"
"$PGNKIT" search --player Anderssen --rest "$tmp/sel.pgn" testdata/sample.pgn 2>"$tmp/err" >>"$tmp/sel.pgn"
echo "exit $?"
sed "s|$tmp/||" "$tmp/err"
rm -rf "$tmp"
