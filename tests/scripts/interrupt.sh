#!/bin/sh
# interrupt.sh - SIGINT and SIGTERM end every game-reading command cleanly:
# the games in flight are finished, the output ends on a game boundary, the
# summary says 'interrupted', and the exit status is 130 (143 for SIGTERM).
# Each run is signalled once it has written something; a run that finished
# first (a fast machine) is tried again on an input twice as large.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
fail() { echo "FAIL: $*"; status=1; }
for i in 1 2 3 4 5 6 7 8; do cat testdata/sample.pgn; done >"$tmp/8.pgn"
for i in 1 2 3 4 5 6 7 8; do cat "$tmp/8.pgn"; done >"$tmp/64.pgn"
for i in 1 2 3 4 5 6 7 8; do cat "$tmp/64.pgn"; done >"$tmp/big.pgn" # 44 MB

# run SIGNAL OUTFILE CMD...: starts CMD (its stdout to OUTFILE) and signals
# it once OUTFILE is not empty (stats, which writes at the end: once it has
# read more with each try); sets code. Returns 1 if CMD always ended
# unsignalled.
run() {
    sig=$1 out=$2
    shift 2
    for try in 1 2 3; do
        rm -f "$out" "$tmp/err"
        "$PGNKIT" "$@" "$tmp/big.pgn" >"$out" 2>"$tmp/err" &
        pid=$!
        if [ "$1" = stats ]; then
            # Signalled once it has read a few MB (so it is past its set-up
            # on a loaded machine too), later with each try.
            n=0
            while [ "$(sed -n 's/^rchar: //p' /proc/$pid/io 2>/dev/null || echo 0)" -lt $((try * 4000000)) ] &&
                [ $n -lt 400 ] && kill -0 $pid 2>/dev/null; do
                sleep 0.02; n=$((n + 1))
            done
        else
            n=0
            while [ ! -s "$out" ] && [ $n -lt 400 ] && kill -0 $pid 2>/dev/null; do
                sleep 0.05; n=$((n + 1))
            done
        fi
        kill -$sig $pid 2>/dev/null
        wait $pid
        code=$?
        grep -q 'interrupted' "$tmp/err" && return 0
        # Finished before the signal: a larger input.
        cat "$tmp/big.pgn" "$tmp/big.pgn" >"$tmp/bigger.pgn"
        mv "$tmp/bigger.pgn" "$tmp/big.pgn"
    done
    return 1
}

# A PGN output ends on a game boundary: every game in it is complete.
complete_pgn() {
    what=$1 file=$2
    last=$(grep -v '^[[:space:]]*$' "$file" | tail -n 1)
    # German games copied unchanged end with 1:0, 0:1 or ½-½.
    case $last in
    *1-0|*0-1|*1/2-1/2|*'*'|*1:0|*0:1|*½-½|*1/2:1/2) ;;
    *) fail "$what: the output ends inside a game: '$last'" ;;
    esac
    "$PGNKIT" validate -q -j 1 "$file" || fail "$what: the output does not replay"
}

for jobs in 1 2; do
    if run INT "$tmp/conv.pgn" convert -j $jobs; then
        [ "$code" = 130 ] || fail "convert -j $jobs: exit $code after SIGINT, not 130"
        complete_pgn "convert -j $jobs" "$tmp/conv.pgn"
        n=$(grep -c '^\[Event ' "$tmp/conv.pgn")
        grep -q "^$n games: $n converted" "$tmp/err" ||
            fail "convert -j $jobs: $n games written, summary: $(head -n 1 "$tmp/err")"
    else
        fail "convert -j $jobs: never interrupted"
    fi
    if run TERM "$tmp/search.pgn" search -j $jobs --result 1-0; then
        [ "$code" = 143 ] || fail "search -j $jobs: exit $code after SIGTERM, not 143"
        complete_pgn "search -j $jobs" "$tmp/search.pgn"
    else
        fail "search -j $jobs: never interrupted"
    fi
    if run INT "$tmp/diags" validate -j $jobs --good "$tmp/good.pgn"; then
        [ "$code" = 130 ] || fail "validate -j $jobs: exit $code after SIGINT, not 130"
        complete_pgn "validate --good -j $jobs" "$tmp/good.pgn"
        n=$(grep -c '^\[Event ' "$tmp/good.pgn")
        grep -q "^$n games: $n valid" "$tmp/err" ||
            fail "validate -j $jobs: --good holds $n games, summary: $(head -n 1 "$tmp/err")"
        tail -n 1 "$tmp/diags" | grep -Eq ': (warning|note): ' ||
            fail "validate -j $jobs: the diagnostics end inside a line"
    else
        fail "validate -j $jobs: never interrupted"
    fi
done
if run INT "$tmp/stats" stats -j 2; then
    [ "$code" = 130 ] || fail "stats: exit $code after SIGINT, not 130"
    grep -q '^games' "$tmp/stats" || fail "stats: no report of the games counted: $(head -n 3 "$tmp/stats")"
else
    fail "stats: never interrupted"
fi
exit $status
