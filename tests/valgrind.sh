#!/bin/sh
# valgrind.sh - pgnkit under valgrind memcheck on the sample database, the real-game
# samples, the broken and the hostile files: validate, and every other subcommand on
# the samples, threaded (the default -j) and not: no invalid access, no use of
# uninitialised memory, no leak. `make valgrind` runs it.
#   tests/valgrind.sh BUILD_DIR
set -u
build=${1:?usage: tests/valgrind.sh BUILD_DIR}
cd "$(dirname "$0")/.." || exit 3
command -v valgrind >/dev/null || { echo "valgrind: not installed (sh .ci/deps valgrind)"; exit 1; }
log=$(mktemp)
trap 'rm -f "$log"' EXIT
failed=0
run() { # run NAME ARGS...: one pgnkit run under memcheck
    name=$1
    shift
    valgrind -q --error-exitcode=99 --leak-check=full --show-leak-kinds=definite,indirect \
        --errors-for-leak-kinds=definite,indirect --track-origins=yes \
        "$build/pgnkit" "$@" >/dev/null 2>"$log"
    code=$?
    if [ $code = 99 ] || grep -q '^==[0-9]*== ' "$log"; then
        echo "FAIL $name"
        grep '^==[0-9]*== ' "$log" | head -n 40
        failed=$((failed + 1))
    else
        echo "ok   $name (exit $code)"
    fi
}
run sample validate testdata/sample.pgn
run sample.gz validate testdata/sample.pgn.gz
run sample-j1 validate -j 1 --good /dev/null --bad /dev/null testdata/sample.pgn
run corpus validate --format json testdata/corpus/*.pgn
run broken validate -v testdata/broken/*.pgn
run hostile validate testdata/hostile/*.pgn
run stdin-gzip validate - <testdata/sample.pgn.gz
run convert convert --format json --fen testdata/corpus/*.pgn
run convert-j1 convert -j 1 --notation lan --lang de testdata/corpus/*.pgn
run search search --checkmate --unique testdata/corpus/*.pgn
run search-list search -j 1 --white a -l testdata/corpus/*.pgn
run stats stats --tree --depth 3 testdata/corpus/*.pgn
run stats-openings stats -j 1 --openings testdata/corpus/*.pgn
run annotate annotate --eco --plycount --judge testdata/corpus/*.pgn
run annotate-j1 annotate -j 1 --eco --final-fen --hash testdata/corpus/*.pgn
[ "$failed" = 0 ] || { echo "valgrind: $failed run(s) failed"; exit 1; }
echo "valgrind: clean"
