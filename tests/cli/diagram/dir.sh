# One file per position, with predictable names; a missing directory is made.
# With several inputs each name starts with its input's file name; a second
# input of the same file name (another folder) gets -2 after it.
d=$(mktemp -d) && trap 'rm -rf "$d"' EXIT
mkdir "$d/copy" && cp testdata/diagram/arrows.pgn "$d/copy/"
"$PGNKIT" diagram -o "$d/out" testdata/diagram/arrows.pgn "$d/copy/arrows.pgn"; echo "exit $?"
ls "$d/out"
"$PGNKIT" diagram --ply all -o "$d/all" --white Boris testdata/diagram/arrows.pgn; echo "exit $?"
ls "$d/all"
grep -c '<use ' "$d/all/game-000002-ply-004.svg"
