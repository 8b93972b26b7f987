# The Termination values of lichess (and the PGN standard's adjudication)
# are counted apart: the two abandoned games without moves are no
# resignations, the rules infraction no resignation, the adjudicated draw
# no agreed draw. Counted by hand from testdata/stats/terminations.pgn.
"$PGNKIT" stats testdata/stats/terminations.pgn | sed -n '/^termination/,/^$/p'
# A stats JSON file written before these kinds existed still merges.
old=${TMPDIR:-/tmp}/pgnkit-stats-old.$$.json
"$PGNKIT" stats --format json testdata/stats/small.pgn |
    sed 's/,"abandoned":0,"rules infraction":0,"adjudication":0//' >"$old"
grep -c abandoned "$old"
"$PGNKIT" stats --merge "$old" | sed -n '/^termination/,/^$/p'
rm -f "$old"
