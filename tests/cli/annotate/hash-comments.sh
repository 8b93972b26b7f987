# --hash-comments: the Polyglot key after every main-line move (823c9b50fd114196 after 1.e4,
# the published value), after the FEN with --fen-comments.
"$PGNKIT" annotate --hash-comments --width 0 testdata/annotate/facts.pgn
"$PGNKIT" annotate -q --hash-comments --fen-comments --width 0 testdata/sample.pgn | grep -m 1 '^1\.' | cut -c 1-160
