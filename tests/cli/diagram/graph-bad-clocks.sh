# Malformed [%clk] values (an empty field, four fields, a fraction
# without seconds, two fractions) are no clock to diagram, as to the
# library (pgnkit_game_clock): no ply has one, so no graph, exit 1.
"$PGNKIT" diagram --graph testdata/diagram/bad-clocks.pgn
