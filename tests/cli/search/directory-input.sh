"$PGNKIT" search testdata/corpus
