"$PGNKIT" convert --lang pl testdata/notation/avro1938.en.pgn
