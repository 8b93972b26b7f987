# Figures that need ratings, or a result, are unknown, not 0, when there are
# none: "-" in text, an empty cell in CSV; the summary's average too.
"$PGNKIT" stats --players testdata/stats/unrated.pgn
"$PGNKIT" stats --players --format csv testdata/stats/unrated.pgn
"$PGNKIT" stats --tree --format csv testdata/stats/unrated.pgn
head -n 7 testdata/stats/unrated.pgn | "$PGNKIT" stats --format csv | grep '^elo'
head -n 7 testdata/stats/unrated.pgn | "$PGNKIT" stats | sed -n '/^elo/,/^$/p'
