# One page of several diagrams: the pieces are defined once, every board uses them.
"$PGNKIT" diagram --page --ply all testdata/diagram/arrows.pgn > "${TMPDIR:-/tmp}/page.$$.html"
echo "exit $?"
p="${TMPDIR:-/tmp}/page.$$.html"
grep -c '<symbol id="pk-K"' "$p"
grep -c '<figure>' "$p"
grep -o 'after [0-9.]*[^<,]*' "$p" | head -3
rm -f "$p"
