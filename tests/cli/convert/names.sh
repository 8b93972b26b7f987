#!/bin/sh
# --names: White, Black, Event and Site take the one form a spelling file
# (SCID's format) gives; "Larsen B" is "Larsen, B." once the section's
# left-out characters (".,") are removed. Each change is a note at its tag.
"$PGNKIT" convert --names testdata/names/spelling.ssp --format csv --columns Event,Site,White,Black testdata/names/games.pgn
