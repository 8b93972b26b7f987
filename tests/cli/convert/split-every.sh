# --split-every: N games per file 1.pgn, 2.pgn, ...; JSON files each a whole array.
d=$(mktemp -d) && trap 'rm -rf "$d"' EXIT
"$PGNKIT" convert -q --split-every 15 --split-name "$d/part-{}.pgn" testdata/sample.pgn
(cd "$d" && grep -c '^\[Result ' *)
rm -f "$d"/*
"$PGNKIT" convert -q --split-every 2 --format json --split-name "$d/{}.json" testdata/convert/split-keys.pgn
(cd "$d" && for f in *; do echo "== $f"; cat "$f"; done)
