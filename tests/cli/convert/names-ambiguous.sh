#!/bin/sh
# A spelling given to two names is a warning, not an error: it stands for
# neither and is left alone ("Larsen B"), as SCID takes it; the rest of the
# file is used ("Larsen, B.").
"$PGNKIT" convert -q --names testdata/names/ambiguous.ssp --format csv --columns White,Black testdata/names/games.pgn
