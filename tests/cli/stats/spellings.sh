#!/bin/sh
# --spellings: each value of White and Black, Event and Site with the number
# of tags that hold it; with --names grouped by the spelling file's name
# (empty for a value it does not list yet), the most frequent first.
"$PGNKIT" stats --spellings --format tsv testdata/names/games.pgn testdata/names/more.pgn
"$PGNKIT" stats --spellings --names testdata/names/spelling.ssp --format csv testdata/names/games.pgn testdata/names/more.pgn
"$PGNKIT" stats --spellings --names testdata/names/spelling.ssp --format json --site Copenhagen testdata/names/games.pgn
