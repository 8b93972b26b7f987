# An engine that crashes once: restarted, and the game is annotated on the retry.
state=$(mktemp -u)
FAKE_MODE=once FAKE_STATE=$state "$PGNKIT" annotate -j 1 --engine tests/fakes/uci_fake.sh --nodes 10 testdata/annotate/lichess-evals.pgn
rm -f "$state"
