# An engine that stops answering: killed after --engine-timeout, restarted, retried once.
FAKE_MODE=hang "$PGNKIT" annotate -j 1 --engine tests/fakes/uci_fake.sh --engine-timeout 200 --nodes 10 testdata/annotate/lichess-evals.pgn
