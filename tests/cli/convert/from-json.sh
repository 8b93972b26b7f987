"$PGNKIT" convert --format ndjson testdata/convert/annotated.pgn | "$PGNKIT" convert --from json
