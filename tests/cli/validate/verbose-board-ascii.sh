# The board under an error, in letters when the locale is not UTF-8; no colour off a terminal.
LC_ALL=C NO_COLOR= "$PGNKIT" validate --verbose testdata/broken/ambiguous-knight-move.pgn
