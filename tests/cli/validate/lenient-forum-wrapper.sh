# Forum wrappers [pgn] ... [/pgn] (any case) around games are skipped with a
# warning (forum-wrapper); an opening one after moves starts the next game.
"$PGNKIT" validate --ignore missing-tag testdata/lenient/forum-games.pgn testdata/lenient/forum-wrapper.pgn testdata/lenient/forum-wrapper-lines.pgn
"$PGNKIT" search -c testdata/lenient/forum-games.pgn
