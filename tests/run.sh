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
# skip_reason OUT ERR: the last line a skipped test printed (stderr first).
skip_reason() {
    reason=$(tail -n 1 "$2" 2>/dev/null)
    [ -n "$reason" ] || reason=$(tail -n 1 "$1" 2>/dev/null)
    echo "${reason:-exit $SKIP_CODE, no reason printed}"
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

# 3. CLI golden tests: tests/cli/CMD/CASE.sh with CASE.stdout, CASE.stderr
# (optional) and CASE.exit (default 0). Scripts run from the repository root
# with $PGNKIT set.
for script in tests/cli/*/*.sh; do
    [ -e "$script" ] || continue
    base=${script%.sh}
    name=cli/${base#tests/cli/}
    sh "$script" >"$tmp/out" 2>"$tmp/err" </dev/null
    code=$?
    if [ "$code" = $SKIP_CODE ]; then
        skip "$name" "$(skip_reason "$tmp/out" "$tmp/err")"
        continue
    fi
    if [ "$bless" = --bless ]; then
        cp "$tmp/out" "$base.stdout"
        if [ -s "$tmp/err" ]; then cp "$tmp/err" "$base.stderr"; else rm -f "$base.stderr"; fi
        if [ "$code" != 0 ]; then echo "$code" >"$base.exit"; else rm -f "$base.exit"; fi
        echo "blessed $name"
        continue
    fi
    want_code=0
    [ -f "$base.exit" ] && want_code=$(cat "$base.exit")
    ok=1
    if ! cmp -s "$tmp/out" "$base.stdout" 2>/dev/null; then
        ok=0; echo "    stdout differs:"; diff "$base.stdout" "$tmp/out" 2>&1 | head -n 20 | sed 's/^/    /'
    fi
    if [ -f "$base.stderr" ]; then
        if ! cmp -s "$tmp/err" "$base.stderr"; then
            ok=0; echo "    stderr differs:"; diff "$base.stderr" "$tmp/err" | head -n 20 | sed 's/^/    /'
        fi
    elif [ -s "$tmp/err" ]; then
        ok=0; echo "    unexpected stderr:"; head -n 10 "$tmp/err" | sed 's/^/    /'
    fi
    if [ "$code" != "$want_code" ]; then
        ok=0; echo "    exit status $code, expected $want_code"
    fi
    if [ $ok = 1 ]; then pass "$name"; else fail "$name"; fi
done

# 4. Validate goldens: every testdata/broken/NAME.pgn (one defect class each)
# and testdata/corpus/NAME.pgn (real games) has NAME.expected, the diagnostics
# and summary of `pgnkit validate` followed by its exit status.
for pgn in testdata/broken/*.pgn testdata/corpus/*.pgn; do
    [ -e "$pgn" ] || continue
    expected=${pgn%.pgn}.expected
    { "$PGNKIT" validate "$pgn" 2>&1; echo "exit $?"; } >"$tmp/out" </dev/null
    if [ "$bless" = --bless ]; then
        cp "$tmp/out" "$expected"; echo "blessed $expected"; continue
    fi
    if cmp -s "$tmp/out" "$expected"; then
        pass "validate $pgn"
    else
        fail "validate $pgn"; diff "$expected" "$tmp/out" 2>&1 | head -n 20 | sed 's/^/    /'
    fi
done

# 5. Script tests: tests/scripts/*.sh print their own diagnostics and exit 0
# on success, 77 when they cannot run here (after printing why).
for script in tests/scripts/*.sh; do
    [ -e "$script" ] || continue
    sh "$script" >"$tmp/out" 2>&1
    code=$?
    if [ "$code" = 0 ]; then
        pass "$script"
    elif [ "$code" = $SKIP_CODE ]; then
        skip "$script" "$(skip_reason "$tmp/out" /dev/null)"
    else
        fail "$script"; tail -n 30 "$tmp/out" | sed 's/^/    /'
    fi
done

echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]
