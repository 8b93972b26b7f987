"$PGNKIT" convert --notation figurine testdata/notation/avro1938.en.pgn
