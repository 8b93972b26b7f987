"$PGNKIT" convert --notation lan --lang cs testdata/notation/avro1938.en.pgn
