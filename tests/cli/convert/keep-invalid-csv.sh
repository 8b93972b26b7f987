"$PGNKIT" convert --keep-invalid --format csv testdata/sample.pgn
