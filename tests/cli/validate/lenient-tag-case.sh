# A common tag name written in another case ([fEn "..."], [result "..."]; chess.js
# test games) is read as that tag, with a warning (tag-case): the FEN sets the start.
"$PGNKIT" validate testdata/lenient/tag-case-fen.pgn testdata/lenient/tag-case.pgn
