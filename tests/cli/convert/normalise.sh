#!/bin/sh
# --normalise: dates in YYYY.MM.DD from day-first, dashed and spelt-out
# forms, rounds as numbers ("Round 3", "04"; "3.1" stays), Result tags in
# the PGN spelling ("1:0", "½-½", "0.5-0.5"); a note for each change.
"$PGNKIT" convert --normalise dates,rounds,results --format csv --columns Date,Round,Result testdata/names/games.pgn
