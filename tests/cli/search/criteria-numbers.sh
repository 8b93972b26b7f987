# Ratings, dates, ECO, results, plies and time controls: the numbers of the games selected.
F=testdata/search/features.pgn
q() { printf '%s =>' "$*"; "$PGNKIT" search -l "$@" "$F" | cut -f1 | tr '\n' ' '; echo; }
q --elo-min 2400
q --elo-max 1300
q --white-elo 2500-
q --white-elo 2600-2800
q --black-elo -2000
q --elo-diff 60-
q --elo-diff 0-20
q --date-from 2005
q --date-to 2004
q --date-from 2002.06
q --date-to 2002.06
q --date-from 2002.06.15
q --date-from 2003 --date-to 2005.05
q --eco A00
q --eco A
q --eco A01-C99
q --result 1-0
q --result '1/2-1/2,*'
q --result 0-1
q --plies-min 10
q --plies-max 2
q --plies-min 3 --plies-max 4
q --time-control bullet
q --time-control blitz
q --time-control classical
q --time-control 180+2
q --time-control 600-
q --time-control 0-100
