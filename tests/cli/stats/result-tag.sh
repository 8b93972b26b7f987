# Games with tags and no movetext (broadcast listings) count the result of
# their Result tag; when the movetext has a result token too, the token wins.
"$PGNKIT" stats testdata/stats/headers_only.pgn | sed -n '/^result/,/^$/p;/^termination/,/^$/p'
printf '[Result "1-0"]\n\n1. e4 e5 0-1\n' | "$PGNKIT" stats 2>/dev/null | sed -n '/^result/,/^$/p'
"$PGNKIT" stats --players testdata/stats/headers_only.pgn | head -4
