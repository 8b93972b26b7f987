# The engine's own move is judged from the evaluations as written, so --judge
# on the output judges alike (issue 33 item 14). The fake engine's scores, by
# hand (White's view, lichess's winning chances 2/(1+exp(-0.00368208*cp))-1):
# 3. Bc4 -0.30 -> -0.45 (drop .03: nothing); 3... Nf6, the engine's best,
# -0.45 -> +1.24 (Black's chances drop .307: a blunder, no "Nf6 was best");
# 4. d3 +1.24 -> +0.12 (drop .202: a mistake, Ng5 was best).
out=$(mktemp)
FAKE_SCRIPT=testdata/annotate/best-move-judged.fake "$PGNKIT" annotate -q -j 1 --engine tests/fakes/uci_fake.sh --nodes 10 testdata/annotate/best-move-judged.pgn >"$out"
cat "$out"
"$PGNKIT" annotate -q --judge "$out" | cmp -s - "$out" && echo "--judge on it: the same" || echo "--judge on it: different"
rm -f "$out"
