# --tag-order FILE (pgn-extract -R), --tag-order-only (--xroster), --drop-tag
# (--detag), --total-ply-count (--totalplycount): every ply written, variations too.
d=$(mktemp -d) && trap 'rm -rf "$d"' EXIT
printf 'White Black\nECO,Date\n\nFEN\n' >"$d/order"
f=testdata/convert/annotated.pgn
"$PGNKIT" convert -q --tag-order "$d/order" "$f" | grep '^\[[A-Za-z]'
echo "== only"
"$PGNKIT" convert -q --tag-order "$d/order" --tag-order-only --drop-tag Date,Black "$f" | grep '^\[[A-Za-z]'
echo "== --drop-tag FEN,SetUp,Event --total-ply-count"
"$PGNKIT" convert -q --drop-tag FEN,SetUp --drop-tag Event --total-ply-count "$f" | grep '^\[[A-Za-z]'
echo "== --plies 3 --strip variations --total-ply-count"
"$PGNKIT" convert -q --plies 3 --total-ply-count "$f" | grep 'PlyCount'
"$PGNKIT" convert -q --plies 3 --strip variations --total-ply-count "$f" | grep 'TotalPlyCount'
"$PGNKIT" convert --tag-order-only "$f"
"$PGNKIT" convert --tag-order "$d/missing" "$f" 2>&1 | sed "s|$d|DIR|"
