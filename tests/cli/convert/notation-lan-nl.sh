"$PGNKIT" convert --notation lan --lang nl testdata/notation/avro1938.en.pgn
