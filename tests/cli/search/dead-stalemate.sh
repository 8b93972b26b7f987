# A K+B v K stalemate is stalemate and a dead position: each criterion is a
# fact about the final position, and one does not hide the other.
S=testdata/ends/dead_stalemate.pgn
for c in --stalemate --dead-position '--where dead_position' '--where stalemate&&dead_position'; do
    echo "$c:"; "$PGNKIT" search -l $c "$S"
done
