# --drop-ply (pgn-extract --dropply), --drop-before (--dropbefore), --quiescent
# with --plies (--plylimit --quiescent), --split-variations (--splitvariants).
f=testdata/convert/annotated.pgn
echo "== --drop-ply 4"
"$PGNKIT" convert -q --drop-ply 4 "$f"
echo "== --drop-ply -3 --format csv"
"$PGNKIT" convert -q --drop-ply -3 --format csv --columns plies,start_fen,moves "$f"
echo "== --drop-before Philidor (a variation's comment: nothing dropped), 'the game'"
"$PGNKIT" convert -q --drop-before Philidor "$f" | grep -c '^1\. e4'
"$PGNKIT" convert -q --drop-before 'Solid.' --format uci "$f"
echo "== --plies 16 --quiescent 3 --strip variations,comments"
"$PGNKIT" convert -q --plies 16 --quiescent 3 --strip variations,comments "$f"
echo "== --split-variations=1"
"$PGNKIT" convert -q --split-variations=1 --strip comments "$f"
echo "== --split-variations --format uci"
"$PGNKIT" convert -q --split-variations --format uci "$f"
"$PGNKIT" convert --quiescent 2 "$f"
"$PGNKIT" convert --split-variations --strip variations "$f"
"$PGNKIT" convert --drop-ply x "$f"
