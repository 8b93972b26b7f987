# An engine that crashes on every search: restarted, the game tried once more, then
# reported and passed through as read; the other games too; exit 1.
FAKE_MODE=crash "$PGNKIT" annotate -j 1 --engine tests/fakes/uci_fake.sh --nodes 10 testdata/annotate/facts.pgn
