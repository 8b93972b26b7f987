# How the main line ends, repetitions, the move clock, promotions, variants, annotations.
F=testdata/search/features.pgn
q() { printf '%s =>' "$*"; "$PGNKIT" search -l "$@" "$F" | cut -f1 | tr '\n' ' '; echo; }
q --checkmate
q --stalemate
q --dead-position
q --repetition 2
q --repetition 3
q --repetition 5
q --fifty
q --seventyfive
q --underpromotion
q --variant any
q --variant chess960
q --variant Chess-960
q --variant crazyhouse
q --variant standard
q --has-comments
q --has-variations
q --comment repetition
q --comment '^A quiet'
q -i --comment 'DRAW'
q --checkmate --result 0-1
q --checkmate --result 1-0
