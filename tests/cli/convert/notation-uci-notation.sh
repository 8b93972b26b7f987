"$PGNKIT" convert --notation uci testdata/notation/avro1938.en.pgn
