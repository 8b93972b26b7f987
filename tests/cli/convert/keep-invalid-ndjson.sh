"$PGNKIT" convert --keep-invalid --format ndjson testdata/convert/invalid.pgn
