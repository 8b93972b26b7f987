# Illegal moves inside variations (2. Nf6; 4...Qh4 after the check 4. Bxf7)
# skip the game when variations are written, but not when they
# are stripped or the format has none: the main line is kept, with a warning
# (variation-dropped) naming each bad variation move.
"$PGNKIT" convert --width 0 testdata/lenient/bad-variation.pgn
echo "exit $?"
"$PGNKIT" convert --width 0 --strip variations testdata/lenient/bad-variation.pgn
"$PGNKIT" convert --format uci testdata/lenient/bad-variation.pgn
