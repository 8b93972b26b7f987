# Games without [%eval] or [%clk] have no graph: nothing is written, exit 1.
"$PGNKIT" diagram --graph testdata/diagram/arrows.pgn
