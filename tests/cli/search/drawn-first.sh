# --checkmate is how the game ended: not a mate played after a fivefold
# repetition. --dead-position is a fact of the final position.
for c in --checkmate --dead-position --seventyfive '--repetition 5' '--where checkmate'; do
    echo "$c: $("$PGNKIT" search -c $c testdata/ends/drawn_first.pgn)"
done
