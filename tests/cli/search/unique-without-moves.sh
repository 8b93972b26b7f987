# Games without moves (forfeits, abandoned games, pairings) are duplicates
# only when their tags are the same too (in any order): of the four here,
# only game 4 repeats game 1. Games 5 and 6 have the same moves: 6 repeats
# 5. search, a database and validate's note say the same.
F=testdata/search/forfeits.pgn
echo "unique:"; "$PGNKIT" search --unique -l "$F" | cut -f1
echo "duplicates:"; "$PGNKIT" search --duplicates -l "$F" | cut -f1
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
cp "$F" "$t/forfeits.pgn"
"$PGNKIT" index -q "$t/forfeits.pgn" -o "$t/forfeits.pgnkit" 2>&1
echo "database:"; "$PGNKIT" search --unique -l "$t/forfeits.pgnkit" | cut -f1 | tr '\n' ' '; echo
echo "validate:"; "$PGNKIT" validate "$F" 2>&1 | grep -o 'game [0-9]*: repeats game [0-9]*'
