# --dgt: the boards' result signal is no illegal move; without it, it is.
"$PGNKIT" validate testdata/dgt/signals.pgn
"$PGNKIT" validate --dgt testdata/dgt/signals.pgn
