# Selected games that do not replay: as read in PGN, left out of UCI with a warning.
F=testdata/search/features.pgn
"$PGNKIT" search --event 'Illegal|Crazyhouse' --notation lan "$F"
"$PGNKIT" search --event 'Illegal|Crazyhouse' --format uci "$F"
