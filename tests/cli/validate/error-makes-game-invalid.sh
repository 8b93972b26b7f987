# --error makes a warning code an error: the games go to --bad.
bad=$(mktemp)
"$PGNKIT" validate --error missing-tag,bad-elo --bad "$bad" testdata/strict/lichess-no-round.pgn
echo "exit $?"
grep -c '^\[Event ' "$bad"
rm -f "$bad"
