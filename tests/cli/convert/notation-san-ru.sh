"$PGNKIT" convert --lang ru testdata/notation/avro1938.en.pgn
