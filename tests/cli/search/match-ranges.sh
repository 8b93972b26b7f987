# --select-only and --skip-matching: ranges of match numbers (not game numbers), one thread or two.
S=testdata/sample.pgn
q() { printf '%s =>' "$*"; "$PGNKIT" search -l "$@" 2>&1 | cut -f1 | tr '\n' ' '; echo; }
q --select-only 1-3,10 "$S"
q --skip-matching 1-35 "$S"
q --select-only 38- "$S"
q --select-only 2,4 --moves '1. e4' "$S"
q --select-only 2,4 --moves '1. e4' -j 2 "$S"
q --skip-matching 1-20 --moves '1. e4' -j 2 "$S"
q --skip-matching 2- --unique "$S" "$S"
q --select-only 0 "$S"
q --select-only 3-1 "$S"
q --select-only 1 --skip-matching 2 "$S"
