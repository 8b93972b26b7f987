# A mate ends the game before any claim (FIDE 5.1.1, 9.6.2): a clock that
# reaches 100 or 150 only with the mating move selects nothing.
"$PGNKIT" search -l --fifty testdata/search/fifty-mate.pgn
echo "--seventyfive:"
"$PGNKIT" search -l --seventyfive testdata/search/fifty-mate.pgn
echo "--where fifty:"
"$PGNKIT" search -l --where fifty testdata/search/fifty-mate.pgn
