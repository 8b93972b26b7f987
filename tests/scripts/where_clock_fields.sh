#!/bin/sh
# where_clock_fields.sh - the --where fields of clocks and evaluations, against
# values counted by hand on testdata/search/clock-evals.pgn (game 1: clocks and
# evaluations, no NAGs; game 2: $-NAGs only), read from the PGN and from a
# database of it, which keeps these fields (lib/index/index_play.h) and must
# give the same games (tests/scripts/index_play_fields.sh: without the source).
#
# Game 1 by hand (TimeControl 60+1): White's clocks 58 50 45 40, Black's 55.5
# 50 8 7; time spent = previous clock (60 before the first) - clock + 1:
# White 3+9+6+6 = 24, Black 5.5+6.5+43+2 = 57. Evaluations 20 30 -50 -45 -40
# 500 490 #3 (a mate counts as 1000): largest change 540 (-40 to 500), last
# 1000. lichess's win chances judge 2. Qh5 (30 to -50, a .147 drop) an
# inaccuracy, 3... g6 (.80 drop) and 4... Nf6 (mate appears) blunders.
# Accuracy is lichess's game accuracy over the 8 evaluated moves, worked out
# by tests/scripts/accuracy_oracle.py (a Python reading of lila's formula):
# White 85.90 -> 86, Black 36.97 -> 37.
. tests/scripts/index_setup.inc
cp "$root/testdata/search/clock-evals.pgn" games.pgn
"$PGNKIT" index -q games.pgn -o games.pgnkit || { echo "index failed"; exit 1; }

# events WHERE INPUT: the Event of each selected game, on one line.
events() {
    "$PGNKIT" search --where "$1" "$2" 2>/dev/null | sed -n 's/^\[Event "\(.*\)"\]$/\1/p' | tr '\n' '|'
}
one='clocks and evaluations|' two='judged by NAGs|' both='clocks and evaluations|judged by NAGs|'
while IFS=: read -r expr want; do
    case $want in one) want=$one ;; two) want=$two ;; both) want=$both ;; none) want= ;; esac
    for input in games.pgn games.pgnkit; do
        got=$(events "$expr" "$input")
        [ "$got" = "$want" ] || fail "$input: --where '$expr': '$got', expected '$want'"
    done
done <<'TABLE'
white_min_clock = 40:one
black_min_clock = 7:one
white_min_clock >= 0:one
time_control_base = 60:one
time_control_increment = 1:one
white_time_used = 24:one
black_time_used = 57:one
eval_final = 1000:one
max_eval_swing = 540:one
white_blunders = 0:one
white_inaccuracies = 1:both
black_blunders = 2:one
white_blunders = 1:two
black_mistakes = 1:two
black_mistakes = 0:one
white_accuracy = 86:one
black_accuracy = 37:one
white_accuracy < 0 or white_accuracy >= 0:one
black_min_clock < 7:none
TABLE

# --time-trouble: only 3... g6 lost 30 win points or more (53.7 to 13.7), 8 s left.
for input in games.pgn games.pgnkit; do
    for n in 8 9; do
        want=0; [ "$n" = 9 ] && want=1
        got=$("$PGNKIT" search -c --time-trouble "$n" "$input" 2>/dev/null)
        [ "$got" = "$want" ] || fail "$input: --time-trouble $n: $got games, expected $want"
    done
done
exit $status
