#!/bin/sh
# run.sh - runs each libFuzzer target for SECONDS, two at a time on two cores.
#   tests/fuzz/run.sh FUZZ_DIR SECONDS NAME...
# Target NAME is FUZZ_DIR/bin/NAME; its corpus FUZZ_DIR/corpus/NAME grows from run to
# run (never committed) and is seeded from the test data each time (seeds.sh). A
# crash, leak, timeout or failed check stops that target and leaves the input in
# FUZZ_DIR/crashes/NAME-*; reproduce it with `FUZZ_DIR/bin/NAME FILE`, and once fixed
# keep it as tests/fuzz/regressions/NAME/WHAT-IT-WAS (unit-tests replays those).
# FUZZ_JOBS (default: the number of cores) and FUZZ_MAX_LEN (8192) adjust the run.
set -u
if [ "${1:-}" = --one ]; then
    dir=$2 secs=$3 seeds=$4 name=$5
    mkdir -p "$dir/corpus/$name" "$dir/crashes"
    "$dir/bin/$name" -max_total_time="$secs" -timeout=20 -rss_limit_mb=2048 \
        -max_len="${FUZZ_MAX_LEN:-8192}" -print_final_stats=1 \
        -artifact_prefix="$dir/crashes/$name-" "$dir/corpus/$name" "$seeds/$name" \
        >"$dir/$name.log" 2>&1
    rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/$name.log")
    size=$(ls "$dir/corpus/$name" | wc -l)
    if [ $rc = 0 ]; then
        echo "fuzz: $name: ${runs:-?} runs in $secs s, corpus $size inputs, no failure"
    else
        echo "fuzz: $name: FAILED (exit $rc) after ${runs:-?} runs; log $dir/$name.log:"
        grep -E '^SUMMARY|fuzz_[a-z_]*\.c:[0-9]+:|reader_util\.c:[0-9]+:|Test unit written' \
            "$dir/$name.log" | head -n 8 | sed 's/^/    /'
    fi
    exit $rc
fi
dir=${1:?usage: tests/fuzz/run.sh FUZZ_DIR SECONDS NAME...}
secs=${2:?usage: tests/fuzz/run.sh FUZZ_DIR SECONDS NAME...}
shift 2
here=$(cd "$(dirname "$0")" && pwd)
jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 2)}
seeds=$(mktemp -d)
trap 'rm -rf "$seeds"' EXIT
sh "$here/seeds.sh" "$seeds" "$@" || exit 3
start=$(date +%s)
printf '%s\n' "$@" | xargs -P "$jobs" -I NAME sh "$here/run.sh" --one "$dir" "$secs" "$seeds" NAME
rc=$?
echo "fuzz: $# targets x $secs s = $(($# * secs)) s of fuzzing in $(($(date +%s) - start)) s"
[ $rc = 0 ] || { echo "fuzz: FAILED"; exit 1; }
