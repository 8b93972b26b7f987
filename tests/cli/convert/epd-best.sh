# EPD's "bm" (best move) from a judgment comment after the move played from
# the position, in lichess's words ("... g6 was best."), read against that
# position and written in the chosen notation; none when the word is not a
# legal move there or the comments are stripped.
"$PGNKIT" convert -q --format epd --ply 5 testdata/convert/epd-best.pgn
"$PGNKIT" convert -q --format epd --ply 5 --notation uci testdata/convert/epd-best.pgn
"$PGNKIT" convert -q --format epd --ply 5 --strip comments testdata/convert/epd-best.pgn
