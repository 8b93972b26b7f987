# German notation marks a capture once: 'ed5:' or 'exd5', 'Sf6xd5'. A doubled mark
# ('ed5::', 'exd5:') or a move dash with a capture colon ('e4-d5:') is malformed,
# an error (bad-move-text): no real file in the corpus writes them.
"$PGNKIT" validate --ignore notation testdata/lenient/capture-marks.pgn
