#!/bin/sh
# uci_fake.sh - a tiny UCI responder for annotate's tests: fixed answers, and faults.
#
# Answers every search with "score cp 10" and "bestmove 0000", unless
# FAKE_SCRIPT names a file of lines "PLY cp|mate N [MOVE...]": the search of
# the position PLY plies after the position command's start then answers
# "score cp|mate N pv MOVE..." and "bestmove MOVE" (the first, else 0000).
# FAKE_LOG names a file that receives every command, one a line.
#
# FAKE_MODE picks a fault, at the first "go" unless said otherwise:
#   crash         exits, in every process
#   hang          stops answering
#   once          crashes in the first process only (FAKE_STATE names a file
#                 that marks it), then answers
#   dead          crashes; every later process exits at once
#   flood         sends "info" lines every 50 ms and never "bestmove"
#   children      starts a child process that outlives a plain kill of this
#                 one (its pid into FAKE_STATE), then stops answering
#   bad-bestmove  gives "bestmove a1a1", never a legal move
#   bad-pv        gives "pv a1a1" after its score
#   cp-abc        a good score, then "score cp abc" at a greater depth
#   mate-0        a good score, then "score mate -0" at a greater depth
mode=${FAKE_MODE:-ok}
[ "$mode" = dead ] && [ -e "$FAKE_STATE" ] && exit 1
plies=0
while IFS= read -r line; do
    [ -n "${FAKE_LOG:-}" ] && printf '%s\n' "$line" >>"$FAKE_LOG"
    case $line in
    uci) echo "id name fake"; echo "uciok" ;;
    isready) echo "readyok" ;;
    quit) exit 0 ;;
    position*)
        # The plies played from the start: the words after "moves".
        plies=0
        after=${line#* moves}
        if [ "$after" != "$line" ]; then
            # shellcheck disable=SC2086
            set -- $after
            plies=$#
        fi ;;
    go*)
        case $mode in
        crash) exit 1 ;;
        hang) exec sleep 30 ;;
        once) if [ ! -e "$FAKE_STATE" ]; then : >"$FAKE_STATE"; exit 1; fi ;;
        dead) : >"$FAKE_STATE"; exit 1 ;;
        flood)
            while :; do echo "info depth 1 score cp 10 nodes 1"; sleep 0.05; done ;;
        children)
            sleep 120 &
            echo $! >"$FAKE_STATE"
            wait
            exit 0 ;;
        bad-bestmove) echo "info depth 1 score cp 10 nodes 1"; echo "bestmove a1a1"; continue ;;
        bad-pv) echo "info depth 1 score cp 10 nodes 1 pv a1a1"; echo "bestmove 0000"; continue ;;
        cp-abc) echo "info depth 1 score cp 10 nodes 1"; echo "info depth 2 score cp abc nodes 2"
            echo "bestmove 0000"; continue ;;
        mate-0) echo "info depth 1 score cp 10 nodes 1"; echo "info depth 2 score mate -0 nodes 2"
            echo "bestmove 0000"; continue ;;
        esac
        scripted=
        [ -n "${FAKE_SCRIPT:-}" ] && scripted=$(awk -v p="$plies" '$1 == p { $1 = ""; print; exit }' "$FAKE_SCRIPT")
        if [ -n "$scripted" ]; then
            # shellcheck disable=SC2086
            set -- $scripted
            kind=$1 value=$2
            shift 2
            if [ $# -gt 0 ]; then
                echo "info depth 1 score $kind $value nodes 1 pv $*"
                echo "bestmove $1"
            else
                echo "info depth 1 score $kind $value nodes 1"
                echo "bestmove 0000"
            fi
        else
            echo "info depth 1 score cp 10 nodes 1"
            echo "bestmove 0000"
        fi ;;
    esac
done
