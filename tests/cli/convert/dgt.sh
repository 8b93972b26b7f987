# --dgt: the kings-on-the-centre signal (1-0, 0-1, a draw; two king moves, or one
# onto a king already there) and variations (moves taken back) are notes and
# left out; the Result tag and result token come from the signal.
"$PGNKIT" convert --dgt testdata/dgt/signals.pgn
