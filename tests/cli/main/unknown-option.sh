"$PGNKIT" --bogus
