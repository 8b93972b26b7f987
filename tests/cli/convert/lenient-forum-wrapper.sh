# The games inside forum wrappers, without them.
"$PGNKIT" convert -q --width 0 testdata/lenient/forum-games.pgn testdata/lenient/forum-wrapper-lines.pgn
