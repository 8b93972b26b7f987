# The board under an error, in figurines in a UTF-8 locale; warnings get no board.
LC_ALL=C.UTF-8 "$PGNKIT" validate --verbose testdata/broken/ambiguous-knight-move.pgn testdata/broken/check-mark-wrong.pgn
