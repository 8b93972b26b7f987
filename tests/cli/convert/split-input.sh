# --split-*: a file name that is one of the inputs stops the run; nothing is replaced.
d=$(mktemp -d) && trap 'rm -rf "$d"' EXIT
cp testdata/convert/split-keys.pgn "$d/1.pgn"
"$PGNKIT" convert -q --split-every 1 --split-name "$d/{}.pgn" "$d/1.pgn" 2>"$d/err"
echo "exit $?"
sed "s|$d|DIR|g" "$d/err"
cmp -s "$d/1.pgn" testdata/convert/split-keys.pgn && echo "input unchanged"
ls -a "$d"
"$PGNKIT" convert --split-name x testdata/sample.pgn
"$PGNKIT" convert --split-every 2 --split-by eco testdata/sample.pgn
"$PGNKIT" convert --split-by 'a b' testdata/sample.pgn
"$PGNKIT" convert -q --split-every 2 --split-name "$d/no/{}.pgn" testdata/sample.pgn 2>&1 | sed "s|$d|DIR|g"
