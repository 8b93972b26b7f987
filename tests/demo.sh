#!/bin/sh
# demo.sh - shows pgnkit at work on the bundled sample database (testdata/sample.pgn).
#   tests/demo.sh BUILD_DIR
set -u
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 3
pgnkit=$build/pgnkit
sample=testdata/sample.pgn

run() {
    printf '\n$ %s\n' "$*"
    "$@"
}

echo "pgnkit demo on $sample ($(grep -c '^\[Event ' $sample) games)"
run "$pgnkit" --version
run "$pgnkit" --help
run "$pgnkit" perft --time startpos 5
run "$pgnkit" perft --divide "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" 1
if "$pgnkit" --help | grep -q '^   validate'; then
    run "$pgnkit" validate "$sample"
    run "$pgnkit" validate --format json "$sample"
fi
exit 0
