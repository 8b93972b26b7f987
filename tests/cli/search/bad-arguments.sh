# Bad criterion values: a message each, exit status 2.
S=testdata/sample.pgn
t() { "$PGNKIT" search "$@" "$S" >/dev/null; echo "$*: exit $?"; }
t --eco Z12
t --date-from 2015.13
t --white-elo 2700-2500
t --result 1-0,1-1
t --material KRX:K
t --position 8/8/8
t --moves '1. e4 e5 2. Ke3'
t --moves 'hello'
t --repetition x
t --time-control fast
t --tag =x
t --white '('
t --contains-move Zz9
t --match-limit 0
t --input-lang xx
t --unique --duplicates
t -m 0
