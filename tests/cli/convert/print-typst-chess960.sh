"$PGNKIT" convert -q --format typst --plies 2 --diagram-ply start testdata/corpus/engine_tcec_chess960.pgn
