# An engine that crashes and then will not start again: every game is reported and
# passed through as read, none lost.
state=$(mktemp -u)
FAKE_MODE=dead FAKE_STATE=$state "$PGNKIT" annotate -j 1 --engine tests/fakes/uci_fake.sh --engine-timeout 2000 --nodes 10 testdata/annotate/facts.pgn
rm -f "$state"
