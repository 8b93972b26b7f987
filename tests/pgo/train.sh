#!/bin/sh
# train.sh BIN FILE... - the training run of the profile-guided build (see the Makefile):
# the instrumented pgnkit BIN does on the bundled games FILE... what users mostly ask
# of it, mostly with one job (-j 1), so that nearly all counts come out the same at
# every build. What varies (pointer values the compiler samples, the waits of the
# pipeline's threads) is enough that two builds are not byte for byte the same.
# Its output is thrown away; it only has to run the code paths.
set -u
bin=$1
shift
# The reader and the replay are the hot path of every command: validate, which
# runs little else, goes first and counts three times as much as the others. Also
# with two jobs, as the default of a job per core has it: then the reading thread
# splits the input and workers parse the games, code that -j 1 never runs and a
# build trained on -j 1 alone compiles as cold (for size: rep stos for a record
# cleared per game).
for jobs in 1 2; do
    for _ in 1 2 3; do
        for f in "$@"; do
            "$bin" validate -q -j "$jobs" "$f"
        done
    done
done >/dev/null 2>&1
for f in "$@"; do
    "$bin" validate -j 1 --format json -v "$f"
done >/dev/null 2>&1
for f in "$@"; do
    for style in "--notation san" "--notation uci" "--notation lan --lang de" "--format json"; do
        # shellcheck disable=SC2086 # the style is two words
        "$bin" convert -j 1 $style "$f"
    done
    "$bin" search -j 1 -c --white a "$f"
    "$bin" search -j 1 -c --checkmate "$f"
    "$bin" search -j 1 -c --moves "1. e4 c5" "$f"
    "$bin" stats -j 1 "$f"
    "$bin" annotate -j 1 --eco "$f"
done >/dev/null 2>&1
exit 0
