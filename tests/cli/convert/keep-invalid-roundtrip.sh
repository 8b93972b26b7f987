"$PGNKIT" convert --keep-invalid --format json testdata/convert/invalid.pgn 2>/dev/null | "$PGNKIT" convert --keep-invalid --from json
