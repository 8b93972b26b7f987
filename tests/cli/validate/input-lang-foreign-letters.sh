# A letter French does not use, read with --input-lang fr: 'S' is a knight
# in German and a bishop in Czech. The reason reads as one sentence.
"$PGNKIT" validate --input-lang fr testdata/validate/foreign-letters.pgn
