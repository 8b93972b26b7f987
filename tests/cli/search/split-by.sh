# search --split-by: the selected games into one file per ECO code, as read
# or (with an output option) formatted; the same with workers.
d=$(mktemp -d) && trap 'rm -rf "$d"' EXIT
for j in 1 3; do
    "$PGNKIT" search -j $j --white Paulsen --split-by eco --split-name "$d/$j-{}.pgn" testdata/sample.pgn
    echo "exit $?"
    "$PGNKIT" search -j $j --result 1-0 --split-every 4 --format uci --split-name "$d/$j-uci-{}" testdata/sample.pgn
done
(cd "$d" && for f in *; do echo "== $f: $(wc -l <"$f") lines"; done)
cmp "$d/1-B23.pgn" "$d/3-B23.pgn" && head -n 12 "$d/1-B23.pgn"
cat "$d/1-uci-1"
"$PGNKIT" search -c --split-by eco testdata/sample.pgn
