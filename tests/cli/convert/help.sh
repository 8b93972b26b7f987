"$PGNKIT" convert -h
