# An engine that keeps sending info lines but never its move: the search's
# deadline (--engine-timeout from "go") stops it, not only silence; restarted,
# retried once, the game passed through as read. (timeout: a hang fails the test.)
FAKE_MODE=flood timeout 20 "$PGNKIT" annotate -j 1 --engine tests/fakes/uci_fake.sh --engine-timeout 300 --nodes 10 testdata/annotate/short.pgn
