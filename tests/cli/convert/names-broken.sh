#!/bin/sh
# A spelling file's mistakes are each reported at their line, and no game is
# read with a file that does not say what it means (exit 2); a spelling of
# two names is only a warning: it stands for neither, as in SCID.
"$PGNKIT" convert --names testdata/names/broken.ssp testdata/names/games.pgn
