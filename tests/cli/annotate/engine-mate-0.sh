# "score mate -0" from a position that is not mate is no score: the good score stands, with a warning.
FAKE_MODE=mate-0 "$PGNKIT" annotate -j 1 --engine tests/fakes/uci_fake.sh --nodes 10 testdata/annotate/short.pgn
