# One reading of WhiteElo and BlackElo (tagvalue_elo) in validate, search,
# --where and stats: "5000" is no rating (validate warns), "2700 " is 2700,
# "0" is none. Rated: Beta 2700 and Gamma 2500, so the average is 2600.
F=testdata/stats/ratings.pgn
"$PGNKIT" validate "$F" 2>&1
echo "black-elo 2700: $("$PGNKIT" search -c --black-elo 2700 "$F")"
echo "white-elo 3000-: $("$PGNKIT" search -c --white-elo 3000- "$F")"
echo "where WhiteElo > 3000: $("$PGNKIT" search -c --where 'WhiteElo > 3000' "$F")"
echo "where black_elo = 2700: $("$PGNKIT" search -c --where 'black_elo = 2700' "$F")"
"$PGNKIT" stats "$F" | sed -n '/^elo/,/^$/p'
"$PGNKIT" stats --players "$F"
# The database reads them the same way (its records and its stats tree).
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
cp "$F" "$t/ratings.pgn"
"$PGNKIT" index -q "$t/ratings.pgn" -o "$t/ratings.pgnkit" 2>&1
echo "database black-elo 2700: $("$PGNKIT" search -c --black-elo 2700 "$t/ratings.pgnkit")"
echo "database white-elo 3000-: $("$PGNKIT" search -c --white-elo 3000- "$t/ratings.pgnkit")"
echo "database where black_elo > 2600: $("$PGNKIT" search -c --where 'black_elo > 2600' "$t/ratings.pgnkit")"
