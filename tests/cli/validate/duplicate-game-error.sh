# --error duplicate-game makes a repeat invalid: --good keeps the first copies.
good=$(mktemp)
"$PGNKIT" validate -j 1 --error duplicate-game --format json --good "$good" testdata/validate/duplicates.pgn
echo "exit $?"
grep -c '^\[Event ' "$good"
rm -f "$good"
