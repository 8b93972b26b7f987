"$PGNKIT" convert --lang hu testdata/notation/avro1938.en.pgn
