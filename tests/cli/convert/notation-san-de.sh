"$PGNKIT" convert --lang de testdata/notation/avro1938.en.pgn
