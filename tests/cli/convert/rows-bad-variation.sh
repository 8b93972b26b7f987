# Per-game rows write the movetext with its variations, so a variation that
# does not replay makes the game invalid there, as in PGN (it used to reach
# the writer and abort); per-ply rows have no variations and keep the main
# line, with a warning per bad variation move.
"$PGNKIT" convert --format rows testdata/lenient/bad-variation.pgn
echo "exit $?"
"$PGNKIT" convert --format rows --per ply --plies 1 testdata/lenient/bad-variation.pgn
