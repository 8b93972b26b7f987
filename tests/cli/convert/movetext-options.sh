# --no-move-numbers, --no-results, --no-checks, --comment-lines (pgn-extract's
# --nomovenumbers, --noresults, --nochecks, --commentlines).
f=testdata/convert/annotated.pgn
echo "== --no-move-numbers --no-results --no-checks"
"$PGNKIT" convert -q --no-move-numbers --no-results --no-checks "$f"
echo "== --comment-lines"
"$PGNKIT" convert -q --comment-lines "$f"
