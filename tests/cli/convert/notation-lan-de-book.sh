"$PGNKIT" convert --notation lan --lang de --book --captured testdata/notation/avro1938.en.pgn
