"$PGNKIT" --help
