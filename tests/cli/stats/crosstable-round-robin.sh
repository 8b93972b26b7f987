"$PGNKIT" stats --crosstable --event Tata --format csv testdata/standings/tata-steel-2019.pgn
