# Two conditions without and/or between them.
"$PGNKIT" search --where 'white ~ "Tal" black ~ "Botvinnik"' testdata/sample.pgn
