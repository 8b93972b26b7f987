#!/bin/sh
# uci_fake.sh - a tiny UCI responder for annotate's failure tests.
#   FAKE_MODE=crash   exits at the first "go" of every process
#   FAKE_MODE=hang    stops answering at the first "go"
#   FAKE_MODE=once    crashes at the first "go" of the first process only
#                     (FAKE_STATE names a file that marks it), then answers
#   FAKE_MODE=dead    crashes at the first "go"; every later process exits at once
# Answers every search with "score cp 10" and no move.
mode=${FAKE_MODE:-ok}
[ "$mode" = dead ] && [ -e "$FAKE_STATE" ] && exit 1
while IFS= read -r line; do
    case $line in
    uci) echo "id name fake"; echo "uciok" ;;
    isready) echo "readyok" ;;
    quit) exit 0 ;;
    go*)
        case $mode in
        crash) exit 1 ;;
        hang) exec sleep 30 ;;
        once) if [ ! -e "$FAKE_STATE" ]; then : >"$FAKE_STATE"; exit 1; fi ;;
        dead) : >"$FAKE_STATE"; exit 1 ;;
        esac
        echo "info depth 1 score cp 10 nodes 1"
        echo "bestmove 0000" ;;
    esac
done
