"$PGNKIT" stats --crosstable --tiebreak buchholz,buchholz-cut1,median1,sonneborn-berger,direct-encounter,wins,black-wins,black-games,aro testdata/standings/swiss-hand.pgn
