# Nothing asked to add is a usage error, not games reported "annotated".
"$PGNKIT" annotate --width 60 testdata/sample.pgn
