# The Termination tag names the first end the rules made: the fivefold
# repetition or the 75-move rule, not the checkmate or dead position after it.
"$PGNKIT" annotate --termination testdata/ends/drawn_first.pgn 2>&1 | grep -a 'Termination\|games:'
