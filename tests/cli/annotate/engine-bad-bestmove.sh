# An illegal bestmove is not taken, and a warning names the engine, the game and the line.
FAKE_MODE=bad-bestmove "$PGNKIT" annotate -j 1 --engine tests/fakes/uci_fake.sh --nodes 10 testdata/annotate/short.pgn
