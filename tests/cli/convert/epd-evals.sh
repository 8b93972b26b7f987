# EPD gets the standard operations for what the comments after the move
# before a position say: ce (centipawns, side to move's view), dm (the side
# to move mates in N) and c0..c9 (the comments' text); none when stripped.
"$PGNKIT" convert -q --format epd --ply 2,3,6 testdata/convert/plies.pgn
"$PGNKIT" convert -q --format epd --ply 3 --strip evals,comments --plies 3 testdata/convert/plies.pgn
