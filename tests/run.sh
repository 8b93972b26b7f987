#!/bin/sh
# run.sh - runs every test of pgnkit against the binaries in BUILD_DIR.
#   tests/run.sh BUILD_DIR [--bless]
# Unit tests, data-driven suites and CLI golden tests each count as one test;
# the last line is "N passed, N failed, N skipped" and the exit status is
# non-zero on any failure. --bless rewrites the golden files of the CLI tests
# instead of comparing (review the diff before committing).
#
# A test that cannot run here (a tool or a file it needs is missing) says so
# and is counted as skipped, never as passed: a script or CLI test exits 77
# (the automake convention) after printing the reason, a unit test calls
# SKIP(reason) (tests/unit/test.h). Each prints "skip NAME: REASON". With
# CI=true in the environment a skip is a failure: CI installs everything the
# tests need (.ci/deps), so a skip there means a test checked nothing.
set -u
build=${1:?usage: tests/run.sh BUILD_DIR [--bless]}
bless=${2:-}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 3
case $build in /*) ;; *) build=$root/$build ;; esac
PGNKIT=$build/pgnkit
export PGNKIT PGNKIT_ROOT="$root"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
skipped=0
SKIP_CODE=77

pass() { passed=$((passed + 1)); echo "ok   $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1"; }
# skip NAME REASON: the one place that decides what a skip counts as.
skip() {
    if [ "${CI:-}" = true ]; then
        fail "$1: skipped, and CI skips nothing: $2"
    else
        skipped=$((skipped + 1)); echo "skip $1: $2"
    fi
}

# 1. Unit tests (each prints its own ok/FAIL/skip line, then a count line
# "unit: N passed, N failed, N skipped"). Their skips go through skip() too.
"$build/unit-tests" >"$tmp/unit.out" 2>"$tmp/unit.err"
grep -v '^unit: ' "$tmp/unit.out" | grep -v '^skip unit '
[ -s "$tmp/unit.err" ] && sed 's/^/    /' "$tmp/unit.err"
line=$(sed -n 's/^unit: \([0-9]*\) passed, \([0-9]*\) failed, \([0-9]*\) skipped$/\1 \2 \3/p' "$tmp/unit.out")
if [ -z "$line" ]; then
    fail "unit-tests did not finish (crashed?)"
else
    set -- $line
    passed=$((passed + $1)); failed=$((failed + $2))
    sed -n 's/^skip unit \([^:]*\): /\1 /p' "$tmp/unit.out" >"$tmp/unit.skips"
    while read -r name reason; do
        skip "unit $name" "$reason"
    done <"$tmp/unit.skips"
    [ "$(wc -l <"$tmp/unit.skips")" -eq "$3" ] || fail "unit-tests counted $3 skips but named $(wc -l <"$tmp/unit.skips")"
fi

# 2. Data-driven suites: perft EPD and .perft files with known node counts.
for epd in tests/data/*.epd tests/data/*.perft; do
    [ -e "$epd" ] || continue
    limit=$(sed -n 's/^# max-nodes: *//p' "$epd")
    limit=${limit:-2000000}
    # Sanitizer builds are slow: they may lower every limit.
    [ -n "${PERFT_MAX_NODES:-}" ] && [ "$limit" -gt "$PERFT_MAX_NODES" ] && limit=$PERFT_MAX_NODES
    if "$PGNKIT" perft --epd "$epd" --max-nodes "$limit" >"$tmp/perft.out" 2>&1; then
        pass "perft $epd: $(tail -n 1 "$tmp/perft.out")"
    else
        fail "perft $epd"; sed 's/^/    /' "$tmp/perft.out" | tail -n 20
    fi
done

# 3-5. CLI golden tests (tests/cli/CMD/CASE.sh with CASE.stdout, CASE.stderr
# when stderr is expected, and CASE.exit when the status is not 0; each runs from
# the repository root with $PGNKIT set), validate goldens (every
# testdata/broken/NAME.pgn, one defect class each, and testdata/corpus/NAME.pgn
# has NAME.expected: the diagnostics and summary of `pgnkit validate`, then its
# exit status) and script tests (tests/scripts/*.sh exit 0 on success, 77 when
# they cannot run here). tests/run_one.sh runs each; TEST_JOBS of them (default:
# the number of cores) run at once, so both cores work while a long script waits,
# and the verdicts are printed and counted afterwards in this fixed order.
# The scripts are started first: they are the long ones.
jobs=${TEST_JOBS:-$(nproc 2>/dev/null || echo 2)}
n=0
for script in tests/cli/*/*.sh; do
    [ -e "$script" ] && n=$((n + 1)) && echo "$n cli $script"
done >"$tmp/cli.list"
for pgn in testdata/broken/*.pgn testdata/corpus/*.pgn; do
    [ -e "$pgn" ] && n=$((n + 1)) && echo "$n validate $pgn"
done >"$tmp/validate.list"
for script in tests/scripts/*.sh; do
    [ -e "$script" ] && n=$((n + 1)) && echo "$n script $script"
done >"$tmp/script.list"
mkdir "$tmp/results"
cat "$tmp/script.list" "$tmp/cli.list" "$tmp/validate.list" |
    RUN_BLESS=$bless xargs -P "$jobs" -L 1 \
        sh -c 'sh tests/run_one.sh "$2" "$3" "$0/$1" ${RUN_BLESS:+"$RUN_BLESS"}' "$tmp/results"
cat "$tmp/cli.list" "$tmp/validate.list" "$tmp/script.list" >"$tmp/all.list"
while read -r i kind path; do
    result=$tmp/results/$i
    if [ ! -s "$result.verdict" ]; then
        fail "$path: no verdict (the test runner was killed?)"; continue
    fi
    read -r word name reason <"$result.verdict"
    case $word in
        pass) pass "$name" ;;
        skip) skip "$name" "$reason" ;;
        blessed) echo "blessed $name" ;;
        *) fail "$name"; cat "$result.detail" ;;
    esac
done <"$tmp/all.list"

echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]
