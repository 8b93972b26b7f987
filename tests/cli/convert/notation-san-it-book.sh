"$PGNKIT" convert --lang it --book testdata/notation/avro1938.en.pgn
