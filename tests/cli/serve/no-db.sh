"$PGNKIT" serve
