# A pv with an illegal move: the score stands, the pv ends before that move, a warning says so.
FAKE_MODE=bad-pv "$PGNKIT" annotate -j 1 --engine tests/fakes/uci_fake.sh --nodes 10 testdata/annotate/short.pgn
