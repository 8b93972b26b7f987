"$PGNKIT" convert --format ndjson --fen testdata/convert/chess960.pgn
