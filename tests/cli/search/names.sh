#!/bin/sh
# --names: a name the spelling file lists matches every spelling of it
# ("Bent Larsen" finds "Larsen, B." and "Larsen B"); a name it does not
# list is a regex as without the file ("Hansen"). Without the file "Bent
# Larsen" is a regex that no game's tag holds.
"$PGNKIT" search --names testdata/names/spelling.ssp --player "Bent Larsen" --format csv --columns White,Black testdata/names/games.pgn
"$PGNKIT" search --names testdata/names/spelling.ssp --site "Wijk aan Zee NED" --white "Petrosian, T" --format csv --columns White,Site testdata/names/games.pgn
"$PGNKIT" search --names testdata/names/spelling.ssp --player Hansen --count testdata/names/games.pgn
"$PGNKIT" search --player "Bent Larsen" --count testdata/names/games.pgn
