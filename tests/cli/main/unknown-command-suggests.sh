"$PGNKIT" perfct startpos 1
