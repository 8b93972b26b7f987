# The German en-passant mark written with a blank in it ("exd6 e. p.", also
# with a tab and with the check mark after it: "e. p.+") reads as "e.p."
# does: the mark goes with the move before it, a check mark moves onto the
# move, and nothing is read as a move "e."; -j 2 (the lazy reader) and
# convert read the same.
"$PGNKIT" validate testdata/lenient/ep-spaced.pgn
"$PGNKIT" validate -j 2 testdata/lenient/ep-spaced.pgn
"$PGNKIT" convert testdata/lenient/ep-spaced.pgn | grep -v '^\['
