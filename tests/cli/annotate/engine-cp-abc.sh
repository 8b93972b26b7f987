# "score cp abc" is no score (not 0): the search's good score stands, a warning names the line.
FAKE_MODE=cp-abc "$PGNKIT" annotate -j 1 --engine tests/fakes/uci_fake.sh --nodes 10 testdata/annotate/short.pgn
