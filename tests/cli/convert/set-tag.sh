#!/bin/sh
# --set-tag sets (or adds) a tag in every game, after the other edits;
# --rename-tag moves a tag's value to a new name. In PGN a Seven Tag Roster
# tag renamed away stays, as "?", for the export format.
"$PGNKIT" convert -q --set-tag Annotator=club --set-tag Event=Casual --rename-tag Site=Place --format csv --columns Event,Site,Place,Annotator testdata/names/games.pgn
"$PGNKIT" convert -q --rename-tag Site=Place --set-tag Annotator=club --plies 0 testdata/names/games.pgn
