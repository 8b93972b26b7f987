# --nested-comments: "{a {b} c}" is one comment; without it the comment ends at the first "}"
# and the rest is reported (as pgn-extract without --nestedcomments reports it).
"$PGNKIT" validate -j 1 testdata/reader/nested_comments.pgn; echo "exit $?"
"$PGNKIT" validate -j 1 --nested-comments testdata/reader/nested_comments.pgn; echo "exit $?"
"$PGNKIT" validate -j 2 --nested-comments testdata/reader/nested_comments.pgn; echo "exit $?"
