"$PGNKIT" frobnicate
