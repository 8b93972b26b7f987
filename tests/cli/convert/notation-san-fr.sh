"$PGNKIT" convert --lang fr testdata/notation/avro1938.en.pgn
