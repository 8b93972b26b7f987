# One file per position, with predictable names; a missing directory is made.
d=$(mktemp -d) && trap 'rm -rf "$d"' EXIT
"$PGNKIT" diagram -o "$d/out" testdata/diagram/arrows.pgn testdata/diagram/arrows.pgn; echo "exit $?"
ls "$d/out"
"$PGNKIT" diagram --ply all -o "$d/all" --white Boris testdata/diagram/arrows.pgn; echo "exit $?"
ls "$d/all"
grep -c '<use ' "$d/all/game-000002-ply-004.svg"
