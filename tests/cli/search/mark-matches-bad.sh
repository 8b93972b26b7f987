# --mark-matches takes comment text; marks go on games printed as read.
S=testdata/sample.pgn
t() { "$PGNKIT" search "$@" "$S" >/dev/null; echo "$*: exit $?"; }
t --mark-matches 'a}b' --checkmate
t --mark-matches X -c --checkmate
t --match-tag -l --material KR:KR
t --match-tag -v --material KR:KR
t --mark-matches X --format json --checkmate
