"$PGNKIT" convert --notation lan testdata/notation/avro1938.en.pgn
