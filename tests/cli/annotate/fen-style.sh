# One FEN rule for every output (pgnkit(1) FEN): X-FEN by default, Chess960
# included (a Variant tag changes nothing); --fen-style asks for the other.
C=testdata/convert/chess960.pgn
"$PGNKIT" annotate -q --fen-comments --final-fen "$C" | grep -o '{[^}]*}' | head -2
"$PGNKIT" annotate -q --fen-comments --final-fen --fen-style shredder "$C" | grep -o '{[^}]*}' | head -2
printf '[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]\n[SetUp "1"]\n\n1. e4 e5 *\n' >"${TMPDIR:-/tmp}/fen-style-$$.pgn"
for s in xfen pgn shredder,pgn; do
    "$PGNKIT" annotate -q --final-fen --fen-comments --fen-style $s "${TMPDIR:-/tmp}/fen-style-$$.pgn" | grep -a 'FinalFEN\|{'
done
rm -f "${TMPDIR:-/tmp}/fen-style-$$.pgn"
"$PGNKIT" annotate -q --fen-style fide "$C"; echo "exit $?"
