#!/bin/sh
# run_one.sh - runs one test for tests/run.sh and writes its verdict beside its output.
#   tests/run_one.sh KIND PATH RESULT [--bless]
# KIND is cli (tests/cli/CMD/CASE.sh and its goldens), validate (a testdata PGN and
# its NAME.expected) or script (tests/scripts/NAME.sh). RESULT.verdict gets one line,
# "pass NAME", "fail NAME", "skip NAME REASON" or "blessed NAME"; RESULT.detail the
# lines that explain a failure. tests/run.sh runs several of these at once, so a test
# keeps all it writes under RESULT or its own temporary folder, and only run.sh
# counts and prints.
set -u
kind=$1 path=$2 result=$3 bless=${4:-}
SKIP_CODE=77
out=$result.out err=$result.err
: >"$result.detail"
verdict() { echo "$*" >"$result.verdict"; }
detail() { sed 's/^/    /' >>"$result.detail"; }
# skip_reason OUT ERR: the last line a skipped test printed (stderr first).
skip_reason() {
    reason=$(tail -n 1 "$2" 2>/dev/null)
    [ -n "$reason" ] || reason=$(tail -n 1 "$1" 2>/dev/null)
    echo "${reason:-exit $SKIP_CODE, no reason printed}"
}

# A CLI golden test: stdout, stderr (when a golden exists, else it must be empty)
# and the exit status (CASE.exit, default 0) must match.
run_cli() {
    base=${path%.sh}
    name=cli/${base#tests/cli/}
    sh "$path" >"$out" 2>"$err" </dev/null
    code=$?
    if [ "$code" = $SKIP_CODE ]; then
        verdict "skip $name $(skip_reason "$out" "$err")"; return
    fi
    if [ "$bless" = --bless ]; then
        cp "$out" "$base.stdout"
        if [ -s "$err" ]; then cp "$err" "$base.stderr"; else rm -f "$base.stderr"; fi
        if [ "$code" != 0 ]; then echo "$code" >"$base.exit"; else rm -f "$base.exit"; fi
        verdict "blessed $name"; return
    fi
    want_code=0
    [ -f "$base.exit" ] && want_code=$(cat "$base.exit")
    ok=1
    if ! cmp -s "$out" "$base.stdout" 2>/dev/null; then
        ok=0; { echo "stdout differs:"; diff "$base.stdout" "$out" 2>&1 | head -n 20; } | detail
    fi
    if [ -f "$base.stderr" ]; then
        if ! cmp -s "$err" "$base.stderr"; then
            ok=0; { echo "stderr differs:"; diff "$base.stderr" "$err" | head -n 20; } | detail
        fi
    elif [ -s "$err" ]; then
        ok=0; { echo "unexpected stderr:"; head -n 10 "$err"; } | detail
    fi
    if [ "$code" != "$want_code" ]; then
        ok=0; echo "exit status $code, expected $want_code" | detail
    fi
    if [ $ok = 1 ]; then verdict "pass $name"; else verdict "fail $name"; fi
}

# A validate golden: the diagnostics and summary of `pgnkit validate`, then its
# exit status, as NAME.expected holds them.
run_validate() {
    expected=${path%.pgn}.expected
    { "$PGNKIT" validate "$path" 2>&1; echo "exit $?"; } >"$out" </dev/null
    if [ "$bless" = --bless ]; then
        cp "$out" "$expected"; verdict "blessed $expected"; return
    fi
    if cmp -s "$out" "$expected"; then
        verdict "pass validate $path"
    else
        verdict "fail validate $path"; diff "$expected" "$out" 2>&1 | head -n 20 | detail
    fi
}

# A script test prints its own diagnostics and exits 0 on success, 77 when it
# cannot run here (after printing why).
run_script() {
    sh "$path" >"$out" 2>&1 </dev/null
    code=$?
    if [ "$code" = 0 ]; then
        verdict "pass $path"
    elif [ "$code" = $SKIP_CODE ]; then
        verdict "skip $path $(skip_reason "$out" /dev/null)"
    else
        verdict "fail $path"; tail -n 30 "$out" | detail
    fi
}

case $kind in
    cli) run_cli ;;
    validate) run_validate ;;
    script) run_script ;;
    *) echo "run_one.sh: unknown kind '$kind'" >&2; exit 2 ;;
esac
